import { plansMessages } from '@sherehe/shared/messages';
import type { Plan } from '@sherehe/shared/schemas/plans';
import { useSession } from '@/lib/session';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';

interface PlansGridProps {
  /** Without it the buttons are disabled (the home page's plan section). */
  onChoose?: (plan: Plan) => void;
  busy?: boolean;
  /** Show 'Failed to load plans' on failure; otherwise the grid is just empty (home page). */
  showError?: boolean;
  headingLevel?: 2 | 3;
}

export function PlansGrid({ onChoose, busy, showError = false, headingLevel }: PlansGridProps) {
  const { user } = useSession();
  const plans = usePlans();

  if (plans.isPending) {
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        {plansMessages.loading}
      </p>
    );
  }
  if (plans.isError || !plans.data) {
    return showError ? (
      <p role="alert" className="py-8 text-center font-medium text-red-700">
        {plansMessages.loadFailed}
      </p>
    ) : null;
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {plans.data.map((plan) => (
        <PlanCard
          key={plan._id}
          plan={plan}
          isCurrent={user?.plan._id === plan._id}
          onChoose={onChoose}
          busy={busy}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
