// User-facing texts of one domain; the specification's quotes are copied word for word.

export const analyticsMessages = {
  loadFailed: 'Failed to load analytics',
  upgrade: 'Analytics come with the Pro and Enterprise plans. Please upgrade your plan to see your numbers.',
  forbidden: 'Only planners and admins have analytics.',
  upgradeTitle: 'Analytics need a bigger plan',
} as const;
