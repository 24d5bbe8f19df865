import { formatDate } from '@sherehe/shared/dates';
import {
  controlsMessages,
  layoutMessages,
  planPaymentsMessages,
  plansMessages,
  pricingMessages,
} from '@sherehe/shared/messages';
import { planChange } from '@sherehe/shared/plan-change';
import type { Plan, PricedPlan } from '@sherehe/shared/schemas/plans';
import type { User } from '@sherehe/shared/schemas/users';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { notifyError, notifyInfo } from '@/lib/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useChangePlan } from '../api/change-plan';
import { usePlans } from '../api/get-plans';
import { PlansGrid } from '../components/plans-grid';

function LoginToChange() {
  return (
    <span>
      {plansMessages.loginToChange}{' '}
      <Link
        to={paths.login.getHref({ mode: 'login', next: paths.pricing.getHref() })}
        className="font-semibold underline"
      >
        {controlsMessages.logIn}
      </Link>
    </span>
  );
}

/** What the app layer gives the page to pay for a plan (the payments feature's dialog). */
export interface PlanPayment {
  plan: PricedPlan;
  /** Ksh for 30 days. */
  amount: number;
  /** What paying does to the running paid period, said before payment (none when nothing runs). */
  note?: string;
  onClose: () => void;
}

/**
 * The sentence that says, before payment, what paying for `next` does to the user's running paid
 * period, by the rule the server applies (`planChange`): renewed after its end, or its days left
 * converted into extra days of the new plan. Nothing when no paid period runs.
 */
export function planChangeNote(user: User, next: Plan, nowMs = Date.now()): string | undefined {
  const change = planChange(
    { planId: user.plan._id, planUntil: user.planUntil, price: user.plan.price },
    { planId: next._id, price: next.price },
    nowMs,
  );
  if (change.kind === 'renew')
    return planPaymentsMessages.changeRenew(next.name, formatDate(new Date(change.startsAtMs).toISOString()));
  if (change.kind === 'convert')
    return planPaymentsMessages.changeConvert(user.plan.name, change.extraDays, next.name);
  return undefined;
}

interface PricingPageProps {
  /** Renders the pay dialog for a paid plan; without it every plan is changed by PATCH as before. */
  payDialog?: (payment: PlanPayment) => ReactNode;
  /** Back from a card checkout (`?payment=<id>`): how it went. */
  returnNotice?: ReactNode;
}

const withNote = (note: string | undefined) => (note ? { note } : {});

/** The address of the pricing page that opens the pay dialog of the user's plan, to renew it. */
export const RENEW_PARAM = 'renew';

export default function PricingPage({ payDialog, returnNotice }: PricingPageProps) {
  const { isLoggedIn, isChecking, user, setUser } = useSession();
  const plans = usePlans();
  const changePlan = useChangePlan();
  const [paying, setPaying] = useState<PricedPlan | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const renew = searchParams.get(RENEW_PARAM);

  /** A paid plan with its price in Ksh is bought through the dialog (docs/product-rules.md#changing-plan); Free stays immediate. */
  const payable = (plan: Plan): PricedPlan | undefined => {
    const priced = plans.data?.find((candidate) => candidate._id === plan._id);
    return payDialog && priced && priced.price > 0 && priced.priceKes !== undefined ? priced : undefined;
  };

  // Renew (from the dashboard): the pay dialog of the user's own plan, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once the plans and the user are known
  useEffect(() => {
    if (!renew || !user || !plans.data) return;
    const plan = user.plan._id === renew ? payable(user.plan) : undefined;
    if (plan) setPaying(plan);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RENEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [renew, user, plans.data]);

  const { submit, busy } = useFormSubmit({
    send: (plan: Plan) => changePlan.mutateAsync({ planId: plan._id }),
    check: (plan) => {
      if (!isLoggedIn || !user) {
        notifyError(<LoginToChange />);
        return false;
      }
      if (user.plan._id === plan._id) {
        notifyInfo(plansMessages.alreadyOnPlan);
        return false;
      }
      const priced = payable(plan);
      if (priced) {
        setPaying(priced);
        return false;
      }
      return true;
    },
    successToast: (reply) => reply.message,
    failureToast: plansMessages.updateFailed,
    onSuccess: (reply) => setUser(reply.user),
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 md:py-16">
      <DocumentTitle title={layoutMessages.pricing} />
      {returnNotice}
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold">{pricingMessages.title}</h1>
        <p className="mt-3 text-lg text-stone-600">{pricingMessages.intro}</p>
        {isLoggedIn || isChecking ? null : (
          <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
            <LoginToChange />
          </p>
        )}
      </div>
      <div className="mt-10">
        <PlansGrid onChoose={(plan) => void submit(plan)} busy={busy} showError headingLevel={2} />
      </div>
      {paying && payDialog
        ? payDialog({
            plan: paying,
            amount: paying.priceKes ?? 0,
            ...(user ? withNote(planChangeNote(user, paying)) : {}),
            onClose: () => setPaying(null),
          })
        : null}
    </div>
  );
}
