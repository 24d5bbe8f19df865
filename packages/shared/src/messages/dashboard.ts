// User-facing texts of one domain; the specification's quotes are copied word for word.

export const dashboardMessages = {
  myBookings: 'My Bookings',
  manageBookings: 'Manage Bookings',
  myPackages: 'My Packages',
  allPackages: 'All Packages',
} as const;
