import { plansMessages } from '@sherehe/shared/messages';
import type { Plan } from '@sherehe/shared/schemas/plans';
import { useRef } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { serverMessageOr } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/toast';
import { useChangePlan } from '../api/change-plan';
import { PlansGrid } from '../components/plans-grid';

function LoginToChange() {
  return (
    <span>
      {plansMessages.loginToChange}{' '}
      <Link to={paths.login.getHref()} className="font-semibold underline">
        Log in
      </Link>
    </span>
  );
}

export default function PricingPage() {
  const { isLoggedIn, isChecking, user, setUser } = useSession();
  const changePlan = useChangePlan();
  // The mutation's pending flag lands a render late; the ref blocks a fast double click at once.
  const inFlight = useRef(false);

  async function handleChoose(plan: Plan) {
    if (inFlight.current) return;
    if (!isLoggedIn || !user) {
      notifyError(<LoginToChange />);
      return;
    }
    if (user.plan._id === plan._id) {
      notifyInfo(plansMessages.alreadyOnPlan);
      return;
    }
    inFlight.current = true;
    try {
      const reply = await changePlan.mutateAsync({ planId: plan._id });
      setUser(reply.user);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(serverMessageOr(error, plansMessages.updateFailed));
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 md:py-16">
      <DocumentTitle title="Pricing" />
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold">Plans and pricing</h1>
        <p className="mt-3 text-lg text-stone-600">
          Start free and move up as your events grow. Your plan sets how many bookings you can make each month
          and how many packages you can list. Change it at any time.
        </p>
        {isLoggedIn || isChecking ? null : (
          <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
            <LoginToChange />
          </p>
        )}
      </div>
      <div className="mt-10">
        <PlansGrid onChoose={handleChoose} busy={changePlan.isPending} showError headingLevel={2} />
      </div>
    </div>
  );
}
