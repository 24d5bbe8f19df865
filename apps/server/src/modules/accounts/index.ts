/** The accounts module's front door: what other modules may use of it (docs/modules.md). */
export { PASSWORD_RESET_JOB, passwordResetJob } from './password-reset.service';
