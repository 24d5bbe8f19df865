import type { Translation } from '../../i18n';
import { oneSms } from '../../sms-text';
import type { smsNoticesMessages as en } from '../sms-notices';

export const smsNoticesMessages = {
  bookingRequested: (client, title, link) =>
    oneSms(
      (c, t) => `Sherehe: ombi jipya la nafasi kutoka kwa ${c} la "${t}". Lijibu: ${link}`,
      client,
      title,
    ),
  enquiryReceived: (client, title, link) =>
    oneSms((c, t) => `Sherehe: ulizo jipya kutoka kwa ${c} kuhusu "${t}". Lijibu: ${link}`, client, title),
  quoteAccepted: (client, title, amount, link) =>
    oneSms((c, t) => `Sherehe: ${c} amekubali bei yako ya ${amount} ya "${t}". ${link}`, client, title),
  bookingAccepted: (planner, title, day, link) =>
    oneSms(
      (p, t, d) => `Sherehe: ${p} amekubali nafasi yako ya "${t}" tarehe ${d}. ${link}`,
      planner,
      title,
      day,
    ),
  bookingDeclined: (planner, title, link) =>
    oneSms((p, t) => `Sherehe: ${p} amekataa ombi lako la nafasi ya "${t}". ${link}`, planner, title),
  quoteReceived: (planner, title, amount, link) =>
    oneSms(
      (p, t) => `Sherehe: ${p} amekutumia bei ya ${amount} ya "${t}". Kubali au kataa: ${link}`,
      planner,
      title,
    ),
  paymentConfirmed: (amount, title, link) =>
    oneSms((t) => `Sherehe: malipo ya ${amount} ya "${t}" yamepokelewa. Asante! ${link}`, title),
  eventTomorrow: (title, planner, link) =>
    oneSms((t, p) => `Sherehe: hafla ya "${t}" pamoja na ${p} ni kesho. Maelezo: ${link}`, title, planner),
  balanceDue: (amount, title, day, link) =>
    oneSms(
      (t, d) => `Sherehe: salio la ${amount} la "${t}" linadaiwa tarehe ${d}. Lipa hapa: ${link}`,
      title,
      day,
    ),
  chatUnread: (sender, title, link) =>
    oneSms((s, t) => `Sherehe: ${s} amekutumia ujumbe kuhusu "${t}". Usome: ${link}`, sender, title),
} satisfies Translation<typeof en>;
