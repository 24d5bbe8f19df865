import { planPaymentsMessages, plansMessages } from '@sherehe/shared/messages';
import { DEFAULT_PLAN_ID, PLAN_DEFINITIONS } from '@sherehe/shared/plans';
import type { User } from '@sherehe/shared/schemas/users';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormProblem, InputField, SelectField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { isApiError } from '@/lib/api-client';
import { displayNameOf } from '@/lib/display-name';
import { notifySuccess } from '@/lib/toast';
import { useSetUserPlan } from '../api/set-user-plan';

/** Nairobi is UTC+3 all year: a `datetime-local` value read as Nairobi time, and back. */
const NAIROBI_OFFSET = '+03:00';
export const untilFromInput = (value: string) => (value ? `${value}:00${NAIROBI_OFFSET}` : undefined);
export function inputFromUntil(iso: string | null): string {
  if (!iso) return '';
  const nairobi = new Date(new Date(iso).getTime() + 3 * 3_600_000);
  return nairobi.toISOString().slice(0, 16);
}

/** Admins: put a user on a plan, with the end of its period (empty: no end; Free has none). */
export function SetPlanDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title={user ? planPaymentsMessages.setPlanTitle(displayNameOf(user)) : ''}
    >
      {user ? <SetPlanForm user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function SetPlanForm({ user, onClose }: { user: User; onClose: () => void }) {
  const setPlan = useSetUserPlan();
  const [planId, setPlanId] = useState(user.plan._id);
  const [until, setUntil] = useState(inputFromUntil(user.planUntil));
  const [problem, setProblem] = useState<string | null>(null);
  const isFree = planId === DEFAULT_PLAN_ID;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        const end = isFree ? undefined : untilFromInput(until);
        setPlan.mutate(
          { id: user._id, planId, ...(end ? { until: end } : {}) },
          {
            onSuccess: (reply) => {
              notifySuccess(reply.message);
              onClose();
            },
            onError: (error) =>
              setProblem(isApiError(error) ? error.message : planPaymentsMessages.updateFailed),
          },
        );
      }}
    >
      <SelectField
        label={planPaymentsMessages.planColumn}
        value={planId}
        onChange={(event) => setPlanId(event.target.value)}
        options={PLAN_DEFINITIONS.map((plan) => ({
          value: plan.id,
          label: plansMessages.planName(plan.name),
        }))}
      />
      {isFree ? null : (
        <InputField
          label={planPaymentsMessages.untilLabel}
          type="datetime-local"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
        />
      )}
      <FormProblem message={problem} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={setPlan.isPending}>
          {planPaymentsMessages.cancel}
        </Button>
        <Button type="submit" disabled={setPlan.isPending}>
          {planPaymentsMessages.save}
        </Button>
      </div>
    </form>
  );
}
