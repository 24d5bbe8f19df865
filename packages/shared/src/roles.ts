export const ROLES = ['client', 'planner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose when signing up. Admins are only made by other admins. */
export const SIGNUP_ROLES = ['client', 'planner'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/**
 * Roles that may offer packages: create and run them, and have them in the public catalogue. A
 * planner demoted to client keeps their packages, out of the catalogue, until promoted again.
 */
export const PACKAGE_OWNER_ROLES: readonly Role[] = ['planner', 'admin'];

export function mayOfferPackages(role: string): boolean {
  return (PACKAGE_OWNER_ROLES as readonly string[]).includes(role);
}
