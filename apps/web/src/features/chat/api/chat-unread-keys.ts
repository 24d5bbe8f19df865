/**
 * Keys of the unread-count queries, apart from their fetchers: the chat provider sits in the entry
 * bundle and must not pull the query hooks in with it (docs/stack.md, Bundle size and first paint).
 */
export const chatUnreadKey = ['chat', 'unread'] as const;

export const unreadSummaryKey = [...chatUnreadKey, 'summary'] as const;
