import type { Attachment } from '@sherehe/shared/schemas/attachments';
import type { ChatMessage } from '@sherehe/shared/socket-events';
import type { chatMessages } from '../../db/schema';

export function presentMessage(
  row: typeof chatMessages.$inferSelect,
  sender: { id: string; username: string },
  attachments: Attachment[] = [],
): ChatMessage {
  return {
    _id: row.id,
    booking: row.bookingId,
    sender: { _id: sender.id, username: sender.username },
    receiver: row.receiverId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    ...(row.clientId ? { clientId: row.clientId } : {}),
    // Only on messages with files: the specification's shape stays as it was for the others.
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}
