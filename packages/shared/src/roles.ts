export const ROLES = ['client', 'planner', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose when signing up. Admins are only made by other admins. */
export const SIGNUP_ROLES = ['client', 'planner'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Client',
  planner: 'Planner',
  admin: 'Admin',
};
