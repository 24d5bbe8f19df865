/** The audit module's front door: what other modules may use of it (docs/modules.md, docs/audit.md). */
export {
  type AuditContext,
  anonymiseAuditUser,
  auditContext,
  recordAudit,
  SYSTEM_AUDIT,
} from './audit.service';
