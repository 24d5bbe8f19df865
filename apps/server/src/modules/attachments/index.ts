/** The attachments module's front door: what other modules may use of it (docs/modules.md). */
export { presentAttachment } from './attachments.presenter';
export type { AttachmentRow } from './attachments.queries';
export { attachmentsOfMessages, claimAttachments, deleteAttachmentsOfPackage } from './attachments.queries';
export { ATTACHMENT_EXPIRE_JOB, attachmentExpireJob } from './attachments.service';
