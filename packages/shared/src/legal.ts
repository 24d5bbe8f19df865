/**
 * The versions of the terms and the privacy notice that the /terms and /privacy pages show. Sign-up
 * records the versions a person accepted and when (a `consents` row each); a change of wording that
 * people must accept again gets a new version here, so the records say what each person agreed to.
 */
export const TERMS_VERSION = '2026-11-27';
export const PRIVACY_VERSION = '2026-11-27';

export const CONSENT_KINDS = ['terms', 'privacy'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** The version of each document in force now. */
export const CURRENT_CONSENT_VERSIONS: Record<ConsentKind, string> = {
  terms: TERMS_VERSION,
  privacy: PRIVACY_VERSION,
};
