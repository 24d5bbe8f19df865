/**
 * The unread summary's address. It lives with the chat feature rather than in `config/paths.ts`,
 * whose table is part of the home page's entry chunk: only the chat code, loaded after sign-in, asks.
 */
export const chatApiPaths = { unread: '/api/chat/unread' } as const;
