import { controlsMessages } from '@sherehe/shared/messages';
import { type MouseEvent, useEffect, useState } from 'react';
import { useHref, useLocation } from 'react-router';
import { buttonClassName } from './button';

/** A WhatsApp link that opens the chat picker with the text filled in (no number: the sender chooses). */
function whatsAppLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * Share: the phone's share sheet (navigator.share) where there is one, else WhatsApp. A plain link
 * to WhatsApp until the app runs, so it works before the code has loaded; its address is the page's
 * own, without its query (`?book=1`).
 */
export function ShareButton({ title, className }: { title: string; className?: string }) {
  const path = useHref(useLocation().pathname);
  // The address as the visitor sees it, once in the browser (the server renders the path alone).
  const [url, setUrl] = useState(path);
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);
  const text = controlsMessages.shareText(title);

  function share(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share !== 'function') return;
    event.preventDefault();
    // A cancelled share sheet rejects: nothing to say.
    navigator.share({ title, text, url }).catch(() => undefined);
  }

  return (
    <a
      href={whatsAppLink(`${text} ${url}`)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={share}
      aria-label={controlsMessages.shareNamed(title)}
      className={buttonClassName('secondary', 'md', className)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13"
        />
      </svg>
      {controlsMessages.share}
    </a>
  );
}
