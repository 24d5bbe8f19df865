// User-facing texts of one domain; the specification's quotes are copied word for word.

export const dashboardMessages = {
  myBookings: 'My Bookings',
  manageBookings: 'Manage Bookings',
  myPackages: 'My Packages',
  allPackages: 'All Packages',
  menu: 'Dashboard menu',
  nav: 'Dashboard',
  yourPlan: 'Your plan',
  changePlan: 'Change plan',
  packages: 'Packages',
  categories: 'Categories',
  bookings: 'Bookings',
  analytics: 'Analytics',
  users: 'Users',
  messages: 'Messages',
} as const;
