/**
 * User-facing texts. Where the specification quotes a text it is copied here word for word,
 * so server and web cannot drift apart. One module per domain (`./messages/auth`…): a bundler
 * cannot split a module, so the web app's entry carries only the domains it really uses.
 */

import { analyticsMessages } from './messages/analytics';
import { attachmentsMessages } from './messages/attachments';
import { auditMessages } from './messages/audit';
import { authMessages } from './messages/auth';
import { bookingsMessages } from './messages/bookings';
import { calendarMessages } from './messages/calendar';
import { calendarPagesMessages } from './messages/calendar-pages';
import { categoriesMessages } from './messages/categories';
import { chatMessages } from './messages/chat';
import { contactMessages } from './messages/contact';
import { controlsMessages } from './messages/controls';
import { dashboardMessages } from './messages/dashboard';
import { enquiriesMessages } from './messages/enquiries';
import { footerMessages } from './messages/footer';
import { genericMessages } from './messages/generic';
import { homeMessages } from './messages/home';
import { imagesMessages } from './messages/images';
import { jobsMessages } from './messages/jobs';
import { layoutMessages } from './messages/layout';
import { loginMessages } from './messages/login';
import { mailMessages } from './messages/mail';
import { notificationSettingsMessages } from './messages/notification-settings';
import { packagePagesMessages } from './messages/package-pages';
import { packagePhotosMessages } from './messages/package-photos';
import { packagesMessages } from './messages/packages';
import { paymentPagesMessages } from './messages/payment-pages';
import { paymentsMessages } from './messages/payments';
import { phoneVerificationMessages } from './messages/phone-verification';
import { planPaymentsMessages } from './messages/plan-payments';
import { plansMessages } from './messages/plans';
import { pricingMessages } from './messages/pricing';
import { profileMessages } from './messages/profile';
import { quotesMessages } from './messages/quotes';
import { receiptsMessages } from './messages/receipts';
import { refundsMessages } from './messages/refunds';
import { resetMessages } from './messages/reset';
import { reviewsMessages } from './messages/reviews';
import { routesMessages } from './messages/routes';
import { securityMessages } from './messages/security';
import { smsMessages } from './messages/sms';
import { smsNoticesMessages } from './messages/sms-notices';
import { testEmailMessages } from './messages/test-email';
import { usersMessages } from './messages/users';
import { validationMessages } from './messages/validation';

export {
  analyticsMessages,
  attachmentsMessages,
  auditMessages,
  authMessages,
  bookingsMessages,
  calendarMessages,
  calendarPagesMessages,
  categoriesMessages,
  chatMessages,
  contactMessages,
  controlsMessages,
  dashboardMessages,
  enquiriesMessages,
  footerMessages,
  genericMessages,
  homeMessages,
  imagesMessages,
  jobsMessages,
  layoutMessages,
  loginMessages,
  mailMessages,
  notificationSettingsMessages,
  packagePagesMessages,
  packagePhotosMessages,
  packagesMessages,
  paymentPagesMessages,
  paymentsMessages,
  phoneVerificationMessages,
  planPaymentsMessages,
  plansMessages,
  pricingMessages,
  profileMessages,
  quotesMessages,
  receiptsMessages,
  refundsMessages,
  resetMessages,
  reviewsMessages,
  routesMessages,
  securityMessages,
  smsMessages,
  smsNoticesMessages,
  testEmailMessages,
  usersMessages,
  validationMessages,
};

/**
 * Every text by domain. The web app imports the domain objects above (`authMessages`…) so each page's
 * bundle carries only its own texts; the server may use this aggregate.
 */
export const MESSAGES = {
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
  validation: validationMessages,
} as const;
