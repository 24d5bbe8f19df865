import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { textLinkClass } from '@/components/ui/text-link';
import { API_BASE_URL } from '@/config/paths';
import { calendarApiPaths } from '../api/calendar-paths';

/** One booking's event as a .ics download (its parties; the session cookie goes along). */
export function BookingIcsLink({ bookingId, title }: { bookingId: string; title: string }) {
  return (
    <a href={`${API_BASE_URL}${calendarApiPaths.bookingIcs(bookingId)}`} download className={textLinkClass()}>
      {m.downloadIcs}
      <span className="sr-only">: {title}</span>
    </a>
  );
}
