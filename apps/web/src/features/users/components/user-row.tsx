import { formatDate } from '@sherehe/shared/dates';
import {
  authMessages,
  controlsMessages,
  planPaymentsMessages,
  usersMessages,
} from '@sherehe/shared/messages';
import { ROLES, type Role } from '@sherehe/shared/roles';
import type { User } from '@sherehe/shared/schemas/users';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { displayNameOf } from '@/lib/display-name';

interface UserRowProps {
  user: User;
  /** The signed-in admin's own row: its role and Delete are locked (the server refuses those too). */
  isSelf: boolean;
  onDelete: (user: User) => void;
  /** A new role picked in the dropdown: the page asks before saving it. */
  onRoleChange: (user: User, role: Role) => void;
  /** The role being confirmed or saved, shown in the dropdown until the list has the answer. */
  pendingRole?: Role;
  /** A role change is being asked about or saved somewhere on the page. */
  roleBusy: boolean;
  /** Opens the dialog that sets the user's plan and its period. */
  onSetPlan?: (user: User) => void;
}

/**
 * One user: a card on phones, a row of the list on wider screens. Picking a role in the dropdown
 * asks first (a keyboard's arrow keys change a closed dropdown in some browsers, and a role
 * change signs the person out everywhere).
 */
export function UserRow({
  user,
  isSelf,
  onDelete,
  onRoleChange,
  pendingRole,
  roleBusy,
  onSetPlan,
}: UserRowProps) {
  const selectId = useId();
  const selfNoteId = useId();
  const name = displayNameOf(user);

  return (
    <article
      aria-label={name}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_11rem_auto] md:items-center"
    >
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={user.profilePictureThumb} name={name} size={48} />
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
            <span className="break-words">{name}</span>
            {isSelf ? <Badge tone="green">{usersMessages.you}</Badge> : null}
          </h2>
          <p className="break-all text-stone-700">{user.email}</p>
          <p className="text-sm text-stone-600">
            {usersMessages.planJoined(user.plan.name, formatDate(user.createdAt))}
          </p>
          {user.planUntil ? (
            <p className="text-sm text-stone-600">
              {planPaymentsMessages.activeUntil(formatDate(user.planUntil))}
            </p>
          ) : null}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-stone-700">
          {authMessages.role}
          <span className="sr-only">{usersMessages.roleOf(name)}</span>
        </label>
        <select
          id={selectId}
          value={pendingRole ?? user.role}
          disabled={isSelf || roleBusy}
          aria-describedby={isSelf ? selfNoteId : undefined}
          onChange={(event) => {
            const role = event.target.value as Role;
            if (role !== user.role) onRoleChange(user, role);
          }}
          className="block min-h-11 w-full rounded-xl border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {authMessages.roleLabels[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        {onSetPlan ? (
          <Button variant="secondary" className="w-full md:w-auto" onClick={() => onSetPlan(user)}>
            {planPaymentsMessages.setPlan}
            <span className="sr-only"> {name}</span>
          </Button>
        ) : null}
        <Button
          variant="danger"
          className="w-full md:w-auto"
          disabled={isSelf}
          aria-describedby={isSelf ? selfNoteId : undefined}
          onClick={() => onDelete(user)}
        >
          {controlsMessages.delete}
          <span className="sr-only"> {name}</span>
        </Button>
      </div>
      {isSelf ? (
        <p id={selfNoteId} className="text-sm text-stone-600 md:col-span-3">
          {usersMessages.notYourself}
        </p>
      ) : null}
    </article>
  );
}
