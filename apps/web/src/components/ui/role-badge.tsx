import { authMessages } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import { Badge, type BadgeTone } from './badge';

/** Spec §2: planner purple, client blue, admin red. */
const ROLE_TONES: Record<Role, BadgeTone> = { planner: 'purple', client: 'blue', admin: 'red' };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{authMessages.roleLabels[role]}</Badge>;
}
