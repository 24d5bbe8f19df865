import { authMessages, dashboardMessages, usersMessages } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { User } from '@sherehe/shared/schemas/users';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteDialog, useDeletion } from '@/components/ui/delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListStates, PagedList } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { displayNameOf } from '@/lib/display-name';
import { useSession } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useChangeUserRole } from '../api/change-user-role';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { SetPlanDialog } from '../components/set-plan-dialog';
import { UserRow } from '../components/user-row';
import { UsersFilters } from '../components/users-filters';
import { toUsersQuery, useUsersParams } from '../hooks/use-users-params';

/** /dashboard/users (admin, docs/product-spec.md#screens-and-routes): find users by role, name or email; change roles; delete. */
export default function UsersPage() {
  const { user: me } = useSession();
  const { state, update, hrefForPage } = useUsersParams();
  const users = useUsers(toUsersQuery(state));
  const deleteUser = useDeleteUser();
  const [planOf, setPlanOf] = useState<User | null>(null);
  const changeRole = useChangeUserRole();
  const [roleChange, setRoleChange] = useState<{ user: User; role: Role } | null>(null);

  useJumpToLastPage(state.page, users.data && !users.isPlaceholderData ? users.data.pages : null, (last) =>
    update({ page: last }, { replace: true }),
  );

  const deletion = useDeletion({
    send: (user: User) => deleteUser.mutateAsync(user._id),
    failureToast: usersMessages.deleteFailed,
  });
  const { target: deleting, ask: setDeleting } = deletion;

  const roleSubmit = useFormSubmit({
    send: ({ user, role }: { user: User; role: Role }) => changeRole.mutateAsync({ id: user._id, role }),
    successToast: (reply) => reply.message,
    failureToast: usersMessages.roleFailed,
    onSuccess: () => setRoleChange(null),
    onFailure: () => setRoleChange(null),
  });

  const body = (
    <ListStates
      query={users}
      loading={<Skeleton layout="list" lines={5} label={usersMessages.loading} />}
      loadFailed={usersMessages.loadFailed}
      isEmpty={(data) => data.users.length === 0}
      empty={<EmptyState title={usersMessages.noneFound}>{usersMessages.noneFoundHint}</EmptyState>}
    >
      {(data) => (
        <PagedList
          items={data.users}
          stale={users.isPlaceholderData}
          page={state.page}
          pages={data.pages}
          hrefFor={hrefForPage}
          className="space-y-3"
        >
          {(user) => (
            <UserRow
              user={user}
              isSelf={user._id === me?._id}
              onDelete={setDeleting}
              onRoleChange={(who, role) => setRoleChange({ user: who, role })}
              pendingRole={roleChange?.user._id === user._id ? roleChange.role : undefined}
              roleBusy={roleChange !== null}
              onSetPlan={setPlanOf}
            />
          )}
        </PagedList>
      )}
    </ListStates>
  );

  return (
    <>
      <PageHeader title={dashboardMessages.users}>{usersMessages.intro}</PageHeader>
      <UsersFilters state={state} onChange={update} />
      <p aria-live="polite" className="mb-3 min-h-6 text-stone-600">
        {users.data ? usersMessages.count(users.data.total) : ''}
      </p>
      <section aria-label={dashboardMessages.users} aria-busy={users.isFetching}>
        {body}
      </section>
      <DeleteDialog deletion={deletion} title={usersMessages.deleteTitle}>
        {deleting ? (
          <p>
            {usersMessages.deleteConfirm(
              <strong key="name">{displayNameOf(deleting)}</strong>,
              <span key="email" className="break-all">
                {deleting.email}
              </span>,
            )}
          </p>
        ) : null}
        <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {usersMessages.deleteWarning} {usersMessages.recordsKept}
        </p>
      </DeleteDialog>
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
              {usersMessages.roleChangeConfirm(
                <strong key="name">{displayNameOf(roleChange.user)}</strong>,
                <span key="email" className="break-all">
                  {roleChange.user.email}
                </span>,
                authMessages.roleLabels[roleChange.user.role],
                <strong key="to">{authMessages.roleLabels[roleChange.role]}</strong>,
              )}
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
      <SetPlanDialog user={planOf} onClose={() => setPlanOf(null)} />
    </>
  );
}
