import { controlsMessages, layoutMessages, plansMessages, pricingMessages } from '@sherehe/shared/messages';
import type { Plan } from '@sherehe/shared/schemas/plans';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { notifyError, notifyInfo } from '@/lib/toast';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useChangePlan } from '../api/change-plan';
import { PlansGrid } from '../components/plans-grid';

function LoginToChange() {
  return (
    <span>
      {plansMessages.loginToChange}{' '}
      <Link to={paths.login.getHref()} className="font-semibold underline">
        {controlsMessages.logIn}
      </Link>
    </span>
  );
}

export default function PricingPage() {
  const { isLoggedIn, isChecking, user, setUser } = useSession();
  const changePlan = useChangePlan();
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
      return true;
    },
    successToast: (reply) => reply.message,
    failureToast: plansMessages.updateFailed,
    onSuccess: (reply) => setUser(reply.user),
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 md:py-16">
      <DocumentTitle title={layoutMessages.pricing} />
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
    </div>
  );
}
