import { layoutMessages } from '@sherehe/shared/messages';

/** Sets the tab's title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? layoutMessages.documentTitle(title) : layoutMessages.siteTitle}</title>;
}
