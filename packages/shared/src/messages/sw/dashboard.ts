import type { Translation } from '../../i18n';
import type { dashboardMessages as en } from '../dashboard';

export const dashboardMessages = {
  myBookings: 'Nafasi zangu',
  manageBookings: 'Simamia nafasi',
  myPackages: 'Vifurushi vyangu',
  allPackages: 'Vifurushi vyote',
  menu: 'Menyu ya dashibodi',
  nav: 'Dashibodi',
  yourPlan: 'Mpango wako',
  changePlan: 'Badilisha mpango',
  packages: 'Vifurushi',
  categories: 'Aina',
  bookings: 'Nafasi',
  analytics: 'Takwimu',
  users: 'Watumiaji',
  messages: 'Jumbe',
} as const satisfies Translation<typeof en>;
