// User-facing texts of one domain; the specification's quotes are copied word for word.

export const routesMessages = {
  unauthorizedTitle: 'Insufficient Permissions',
  unauthorizedText: (required: string, current: string) =>
    `You need ${required} permissions to access this page. Your current role is ${current}.`,
  notFoundTitle: 'Page not found',
  accessDeniedTitle: 'Access Denied',
  notFoundText:
    'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
  goHome: 'Go to the home page',
  goToDashboard: 'Go to your dashboard',
} as const;
