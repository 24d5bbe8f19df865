import { chatMessages } from '@sherehe/shared/messages';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useUnreadSummary } from '../api/get-unread-summary';

/** The top bar's Dashboard link, wherever the app has put it (none on pages without the top bar). */
function findDashboardLink(): Element | null {
  return document.querySelector(`header nav a[href="${paths.dashboard.root.getHref()}"]`);
}

/**
 * The unread chat total on the top bar's Dashboard link ("Dashboard, 3 unread messages"), kept
 * current by the same query the socket's notifications update. It is rendered into the link from
 * here, the chat code loaded once someone is signed in, so the top bar (in the first page's
 * JavaScript) carries no byte of it. The link is looked up again after every navigation, since a
 * page without the top bar (the login page) replaces it.
 */
export default function DashboardLinkBadge() {
  const { pathname } = useLocation();
  const [link, setLink] = useState<Element | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the top bar may be a new one after a navigation
  useEffect(() => setLink(findDashboardLink()), [pathname]);
  const total = useUnreadSummary().data?.total ?? 0;
  if (!link || total <= 0) return null;
  return createPortal(
    <span className="ml-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-sm font-bold text-white">
      <span aria-hidden="true">{total > 99 ? '99+' : total}</span>
      <span className="sr-only">{chatMessages.dashboardUnread(total)}</span>
    </span>,
    link,
  );
}
