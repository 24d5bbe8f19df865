// User-facing texts of one domain; the specification's quotes are copied word for word.

export const routesMessages = {
  unauthorizedTitle: 'Insufficient Permissions',
  unauthorizedText: (required: string, current: string) =>
    `You need ${required} permissions to access this page. Your current role is ${current}.`,
  notFoundTitle: 'Page not found',
  accessDeniedTitle: 'Access Denied',
} as const;
