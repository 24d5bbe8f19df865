/**
 * Every Kiswahili text by domain, the twin of `MESSAGES` (./messages.ts) for the server, which speaks
 * both languages: API messages (apps/server/src/plugins/lang.ts), emails and printed receipts. The
 * type makes the compiler refuse a domain or a key English has and this lacks.
 */

import type { Lang, Translation } from './i18n';
import { MESSAGES } from './messages';
import { analyticsMessages } from './messages/sw/analytics';
import { attachmentsMessages } from './messages/sw/attachments';
import { auditMessages } from './messages/sw/audit';
import { authMessages } from './messages/sw/auth';
import { bookingsMessages } from './messages/sw/bookings';
import { calendarMessages } from './messages/sw/calendar';
import { categoriesMessages } from './messages/sw/categories';
import { chatMessages } from './messages/sw/chat';
import { contactMessages } from './messages/sw/contact';
import { controlsMessages } from './messages/sw/controls';
import { dashboardMessages } from './messages/sw/dashboard';
import { enquiriesMessages } from './messages/sw/enquiries';
import { footerMessages } from './messages/sw/footer';
import { genericMessages } from './messages/sw/generic';
import { homeMessages } from './messages/sw/home';
import { imagesMessages } from './messages/sw/images';
import { jobsMessages } from './messages/sw/jobs';
import { layoutMessages } from './messages/sw/layout';
import { loginMessages } from './messages/sw/login';
import { mailMessages } from './messages/sw/mail';
import { notificationSettingsMessages } from './messages/sw/notification-settings';
import { packagePagesMessages } from './messages/sw/package-pages';
import { packagePhotosMessages } from './messages/sw/package-photos';
import { packagesMessages } from './messages/sw/packages';
import { paymentPagesMessages } from './messages/sw/payment-pages';
import { paymentsMessages } from './messages/sw/payments';
import { phoneVerificationMessages } from './messages/sw/phone-verification';
import { planPaymentsMessages } from './messages/sw/plan-payments';
import { plansMessages } from './messages/sw/plans';
import { pricingMessages } from './messages/sw/pricing';
import { profileMessages } from './messages/sw/profile';
import { quotesMessages } from './messages/sw/quotes';
import { receiptsMessages } from './messages/sw/receipts';
import { refundsMessages } from './messages/sw/refunds';
import { resetMessages } from './messages/sw/reset';
import { reviewsMessages } from './messages/sw/reviews';
import { routesMessages } from './messages/sw/routes';
import { securityMessages } from './messages/sw/security';
import { smsMessages } from './messages/sw/sms';
import { smsNoticesMessages } from './messages/sw/sms-notices';
import { testEmailMessages } from './messages/sw/test-email';
import { usersMessages } from './messages/sw/users';
import { validationMessages } from './messages/sw/validation';

/** The texts of every domain in some language: English's shape, any wording. */
export type Messages = { [K in keyof typeof MESSAGES]: Translation<(typeof MESSAGES)[K]> };

export const MESSAGES_SW: Messages = {
  generic: genericMessages,
  controls: controlsMessages,
  layout: layoutMessages,
  footer: footerMessages,
  auth: authMessages,
  login: loginMessages,
  plans: plansMessages,
  planPayments: planPaymentsMessages,
  pricing: pricingMessages,
  packages: packagesMessages,
  packagePages: packagePagesMessages,
  packagePhotos: packagePhotosMessages,
  categories: categoriesMessages,
  images: imagesMessages,
  profile: profileMessages,
  home: homeMessages,
  dashboard: dashboardMessages,
  bookings: bookingsMessages,
  enquiries: enquiriesMessages,
  reviews: reviewsMessages,
  quotes: quotesMessages,
  analytics: analyticsMessages,
  reset: resetMessages,
  testEmail: testEmailMessages,
  contact: contactMessages,
  users: usersMessages,
  validation: validationMessages,
  security: securityMessages,
  routes: routesMessages,
  chat: chatMessages,
  attachments: attachmentsMessages,
  audit: auditMessages,
  jobs: jobsMessages,
  payments: paymentsMessages,
  sms: smsMessages,
  smsNotices: smsNoticesMessages,
  notificationSettings: notificationSettingsMessages,
  phoneVerification: phoneVerificationMessages,
  paymentPages: paymentPagesMessages,
  receipts: receiptsMessages,
  calendar: calendarMessages,
  refunds: refundsMessages,
  mail: mailMessages,
};

/** The texts in a language. */
export function messagesIn(lang: Lang): Messages {
  return lang === 'sw' ? MESSAGES_SW : MESSAGES;
}
