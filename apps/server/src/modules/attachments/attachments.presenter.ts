import type { Attachment } from '@sherehe/shared/schemas/attachments';
import type { AttachmentRow } from './attachments.queries';

export function presentAttachment(row: AttachmentRow, publicUrl: string): Attachment {
  const url = `${publicUrl}/api/attachments/${row.id}`;
  const type = row.type === 'application/pdf' ? 'application/pdf' : 'image/webp';
  return {
    _id: row.id,
    name: row.name,
    type,
    size: row.size,
    url,
    thumbnailUrl: type === 'image/webp' ? `${url}/thumbnail` : null,
  };
}
