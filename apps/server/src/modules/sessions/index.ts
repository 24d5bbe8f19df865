/** The sessions module's front door: what other modules may use of it (docs/modules.md). */
export {
  type EndedSessions,
  type FoundSession,
  SESSION_CACHE_CHANNEL,
  SessionCache,
  type SessionStore,
  startSessionStore,
} from './session-cache';
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
