/** Sets the tab's title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Sherehe` : 'Sherehe · Event planning in Kenya'}</title>;
}
