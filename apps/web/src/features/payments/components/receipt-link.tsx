import { controlsMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { textLinkClass } from '@/components/ui/text-link';
import { API_BASE_URL } from '@/config/paths';
import { paymentApiPaths } from '../api/payment-paths';

/** A paid payment's printable receipt (a server page, not an app route), opened in a new tab. */
export function ReceiptLink({
  paymentId,
  label,
  context,
}: {
  paymentId: string;
  label: string;
  /** Which receipt it is, said to screen readers. */
  context: ReactNode;
}) {
  return (
    <a
      href={`${API_BASE_URL}${paymentApiPaths.receipt(paymentId)}`}
      target="_blank"
      rel="noopener"
      className={textLinkClass()}
    >
      {label}
      <span className="sr-only">
        {context}
        {controlsMessages.opensInNewTab}
      </span>
    </a>
  );
}
