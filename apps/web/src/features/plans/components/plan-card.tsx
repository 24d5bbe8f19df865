import { plansMessages } from '@sherehe/shared/messages';
import { planFeatureLines } from '@sherehe/shared/plans';
import type { Plan } from '@sherehe/shared/schemas/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';

interface PlanTheme {
  card: string;
  price: string;
  button: 'primary' | 'secondary';
}

/** A colour theme per plan; Free is the fallback (docs/product-spec.md#pages). */
const THEMES: Record<string, PlanTheme> = {
  Free: { card: 'border-stone-200 bg-white', price: 'text-stone-900', button: 'secondary' },
  Basic: { card: 'border-blue-200 bg-blue-50', price: 'text-blue-800', button: 'secondary' },
  Pro: { card: 'border-brand-200 bg-brand-50', price: 'text-brand-700', button: 'primary' },
  Enterprise: { card: 'border-purple-200 bg-purple-50', price: 'text-purple-800', button: 'primary' },
};

export function planTheme(name: string): PlanTheme {
  return THEMES[name] ?? (THEMES.Free as PlanTheme);
}

interface PlanCardProps {
  plan: Plan;
  isCurrent?: boolean;
  /** Absent on the home page, where the buttons are disabled. */
  onChoose?: (plan: Plan) => void;
  busy?: boolean;
  /** h3 under a page section's h2 (home), h2 directly under the page's h1 (pricing). */
  headingLevel?: 2 | 3;
}

export function PlanCard({
  plan,
  isCurrent = false,
  onChoose,
  busy = false,
  headingLevel = 3,
}: PlanCardProps) {
  const theme = planTheme(plan.name);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `plan-${plan._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'flex flex-col rounded-2xl border p-6 shadow-sm',
        theme.card,
        isCurrent && 'ring-2 ring-brand-600 ring-offset-2 ring-offset-canvas',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Heading id={titleId} className="text-xl font-bold">
          {plansMessages.planName(plan.name)}
        </Heading>
        {isCurrent ? <Badge tone="brand">{plansMessages.currentPlan}</Badge> : null}
      </div>
      <p className={cx('mt-2 text-3xl font-extrabold', theme.price)}>{plansMessages.price(plan.price)}</p>
      <ul className="mt-4 flex-1 space-y-2">
        {planFeatureLines(plan.features, plansMessages.featureNames, plansMessages.unlimited).map((line) => (
          <li key={line} className="flex gap-2">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mt-1 size-4 shrink-0 text-green-700"
              fill="currentColor"
            >
              <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 9.4-9.4L15.6 5z" />
            </svg>
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <Button
        variant={isCurrent ? 'secondary' : theme.button}
        className="mt-6 w-full"
        disabled={isCurrent || !onChoose || busy}
        onClick={() => onChoose?.(plan)}
      >
        {isCurrent ? plansMessages.currentPlan : plansMessages.choose(plan.name)}
      </Button>
    </article>
  );
}
