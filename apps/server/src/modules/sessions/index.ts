/** The sessions module's front door: what other modules may use of it (docs/modules.md). */
export {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  findSessionByHash,
  liveSessions,
  sessionRenewalDue,
} from './sessions';
