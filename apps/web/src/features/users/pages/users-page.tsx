import { usersMessages } from '@sherehe/shared/messages';
import { ROLE_LABELS, type Role } from '@sherehe/shared/roles';
import type { User } from '@sherehe/shared/schemas/users';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/class-names';
import { displayNameOf } from '@/lib/display-name';
import { useSession } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useChangeUserRole } from '../api/change-user-role';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { UserRow } from '../components/user-row';
import { UsersFilters } from '../components/users-filters';
import { toUsersQuery, useUsersParams } from '../hooks/use-users-params';

/** /dashboard/users (admin, spec §2): find users by role, name or email; change roles; delete. */
export default function UsersPage() {
  const { user: me } = useSession();
  const { pathname, search } = useLocation();
  const { state, update } = useUsersParams();
  const users = useUsers(toUsersQuery(state));
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState<User | null>(null);
  const changeRole = useChangeUserRole();
  const [roleChange, setRoleChange] = useState<{ user: User; role: Role } | null>(null);

  useJumpToLastPage(state.page, users.data && !users.isPlaceholderData ? users.data.pages : null, (last) =>
    update({ page: last }, { replace: true }),
  );

  function hrefForPage(page: number) {
    const next = new URLSearchParams(search);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  }

  const removal = useFormSubmit({
    send: (user: User) => deleteUser.mutateAsync(user._id),
    successToast: (reply) => reply.message,
    failureToast: usersMessages.deleteFailed,
    onSuccess: () => setDeleting(null),
    onFailure: () => setDeleting(null),
  });

  const roleSubmit = useFormSubmit({
    send: ({ user, role }: { user: User; role: Role }) => changeRole.mutateAsync({ id: user._id, role }),
    successToast: (reply) => reply.message,
    failureToast: usersMessages.roleFailed,
    onSuccess: () => setRoleChange(null),
    onFailure: () => setRoleChange(null),
  });

  let body: ReactNode;
  if (users.isPending) {
    body = <Skeleton layout="list" lines={5} label="Loading users…" />;
  } else if (users.isError) {
    body = <LoadError message={usersMessages.loadFailed} onRetry={() => void users.refetch()} />;
  } else if (users.data.users.length === 0) {
    body = (
      <EmptyState title={usersMessages.noneFound}>Try another role or a shorter part of the name.</EmptyState>
    );
  } else {
    const { data } = users;
    body = (
      <>
        <ul className={cx('space-y-3 transition-opacity', users.isPlaceholderData && 'opacity-60')}>
          {data.users.map((user) => (
            <li key={user._id}>
              <UserRow
                user={user}
                isSelf={user._id === me?._id}
                onDelete={setDeleting}
                onRoleChange={(who, role) => setRoleChange({ user: who, role })}
                pendingRole={roleChange?.user._id === user._id ? roleChange.role : undefined}
                roleBusy={roleChange !== null}
              />
            </li>
          ))}
        </ul>
        <Pagination
          className="mt-6"
          page={Math.min(state.page, data.pages)}
          pages={data.pages}
          hrefFor={hrefForPage}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Users">Everyone with an account, their roles and plans.</PageHeader>
      <UsersFilters state={state} onChange={update} />
      <p aria-live="polite" className="mb-3 min-h-6 text-stone-600">
        {users.data ? `${users.data.total} user${users.data.total === 1 ? '' : 's'}` : ''}
      </p>
      <section aria-label="Users" aria-busy={users.isFetching}>
        {body}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removal.busy}
        onConfirm={() => deleting && void removal.submit(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Delete <strong>{deleting ? displayNameOf(deleting) : ''}</strong>
          {deleting ? <span className="break-all"> ({deleting.email})</span> : null}?
        </p>
        <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {usersMessages.deleteWarning}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={roleChange !== null}
        title={usersMessages.roleConfirmTitle}
        confirmLabel={usersMessages.roleConfirm}
        busyLabel={usersMessages.roleSaving}
        busy={roleSubmit.busy}
        onConfirm={() => roleChange && void roleSubmit.submit(roleChange)}
        onCancel={() => {
          if (!roleSubmit.busy) setRoleChange(null);
        }}
      >
        {roleChange ? (
          <>
            <p>
              Change <strong>{displayNameOf(roleChange.user)}</strong>
              <span className="break-all"> ({roleChange.user.email})</span> from{' '}
              {ROLE_LABELS[roleChange.user.role]} to <strong>{ROLE_LABELS[roleChange.role]}</strong>?
            </p>
            <p className="mt-3">{usersMessages.roleSignsOut}</p>
            {roleChange.role === 'admin' ? (
              <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
                {usersMessages.adminPowers}
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
