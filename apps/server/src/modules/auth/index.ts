/** The auth module's front door: what other modules may use of it (docs/modules.md). */
export { hashPassword, verifyPassword } from './password';
