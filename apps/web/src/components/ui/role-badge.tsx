import { authMessages } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import { Badge, type BadgeTone } from './badge';

/** Planner purple, client blue, admin red (docs/product-spec.md#shared-chrome). */
const ROLE_TONES: Record<Role, BadgeTone> = { planner: 'purple', client: 'blue', admin: 'red' };

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={ROLE_TONES[role]}>{authMessages.roleLabels[role]}</Badge>;
}
