import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import type { ContactRow } from './contact.queries';

export function presentContactMessage(row: ContactRow): ContactMessage {
  return {
    _id: row.message.id,
    name: row.message.name,
    email: row.message.email,
    message: row.message.message,
    priority: row.message.priority,
    user: row.user ? { _id: row.user.id, username: row.user.username, role: row.user.role } : null,
    createdAt: row.message.createdAt.toISOString(),
    handledAt: row.message.handledAt ? row.message.handledAt.toISOString() : null,
    handledBy: row.handler ? { _id: row.handler.id, username: row.handler.username } : null,
    answer: row.message.answer,
  };
}
