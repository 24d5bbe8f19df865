/** The chat module's front door: what other modules may use of it (docs/modules.md). */

export {
  countUnread,
  fetchConversation,
  loadChatBooking,
  markConversationRead,
  postMessage,
} from './chat.service';
export {
  CHAT_UNREAD_AFTER_MS,
  CHAT_UNREAD_SMS_JOB,
  chatUnreadSmsJob,
  queueChatUnreadSms,
} from './chat-unread-sms';
