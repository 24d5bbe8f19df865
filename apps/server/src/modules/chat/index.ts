/** The chat module's front door: what other modules may use of it (docs/modules.md). */
export {
  countUnread,
  fetchConversation,
  loadChatBooking,
  markConversationRead,
  postMessage,
} from './chat.service';
