// User-facing texts of one domain; the specification's quotes are copied word for word.

export const chatMessages = {
  notConnected: 'Not connected to chat server.',
  receiverUndefined:
    'Cannot send message: receiver is undefined. Please refresh the page or contact support.',
  newMessageFrom: (name: string) => `New message from ${name}`,
  receiverNotOtherParty: 'The receiver must be the other party of the booking.',
  notPartOfBooking: 'You are not part of this booking.',
  newMessage: 'New message received',
  historyFailed: 'Failed to load the conversation. Please try again.',
  sendFailed: 'Message not sent.',
  sending: 'Sending...',
  noMessages: 'No messages yet. Say hello!',
  /** Read after the top bar's Dashboard link: 'Dashboard, 3 unread messages'. */
  dashboardUnread: (count: number) => `, ${count} unread message${count === 1 ? '' : 's'}`,
  unread: (count: number) => `${count} unread message${count === 1 ? '' : 's'}`,
  openChat: 'Open chat',
  hideChat: 'Hide chat',
  /** After Open chat / Hide chat, for a screen reader: whose chat it is. */
  toggleWith: (name: string) => ` with ${name}`,
  loginRequired: 'Unauthorized: log in to use the chat.',
  unavailable: 'The chat is unavailable. Please try again shortly.',
  failed: 'Something went wrong. Please try again.',
  sessionEnded: 'Your session has ended. Please log in again to use the chat.',
  tooManySockets: (max: number) =>
    `You have the chat open in too many places (at most ${max}). Close it somewhere and try again.`,
  tooManyEvents: 'Too many chat requests. Please wait a moment.',
  sendingTooFast: 'You are sending messages too fast. Please wait a moment.',
  you: 'You',
  loadingChat: 'Loading the chat…',
  loading: 'Loading messages…',
  chatWith: (name: string) => `Chat with ${name}`,
  messagesWith: (name: string) => `Messages with ${name}`,
  messageTo: (name: string) => `Message to ${name}`,
  placeholder: 'Type a message',
  send: 'Send',
} as const;
