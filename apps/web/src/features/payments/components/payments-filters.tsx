import { paymentPagesMessages, paymentsMessages } from '@sherehe/shared/messages';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@sherehe/shared/payments';
import { InputField, SelectField } from '@/components/ui/form-field';
import type { PaymentsListState } from '../hooks/use-payments-list-params';

const m = paymentPagesMessages;

const STATUS_OPTIONS = [
  { value: '', label: m.allStatuses },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentsMessages.statuses[status] })),
];
const METHOD_OPTIONS = [
  { value: '', label: m.allMethods },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: paymentsMessages.methods[method] })),
];

interface PaymentsFiltersProps {
  state: PaymentsListState;
  /** Why the days are no range ("To" before "From"), said under "To"; nothing is asked meanwhile. */
  rangeError?: string | null;
  onChange: (changes: Partial<PaymentsListState>, options?: { replace?: boolean }) => void;
}

/**
 * An admin's filters; each applies at once and lands in the URL. Days are Nairobi days, both included.
 * A date being typed changes on every complete day, so days replace the history entry instead of
 * adding one per keystroke.
 */
export function PaymentsFilters({ state, rangeError, onChange }: PaymentsFiltersProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is announced everywhere; <search> is too new for some screen readers
    <form
      role="search"
      aria-label={m.filtersLabel}
      onSubmit={(event) => event.preventDefault()}
      className="mb-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <SelectField
        label={m.status}
        name="status"
        options={STATUS_OPTIONS}
        value={state.status}
        onChange={(event) => onChange({ status: event.target.value as PaymentStatus | '' })}
      />
      <SelectField
        label={m.method}
        name="method"
        options={METHOD_OPTIONS}
        value={state.method}
        onChange={(event) => onChange({ method: event.target.value as PaymentMethod | '' })}
      />
      <InputField
        label={m.from}
        type="date"
        name="from"
        value={state.from}
        max={state.to || undefined}
        onChange={(event) => onChange({ from: event.target.value }, { replace: true })}
      />
      <InputField
        label={m.to}
        type="date"
        name="to"
        value={state.to}
        min={state.from || undefined}
        error={rangeError ?? undefined}
        onChange={(event) => onChange({ to: event.target.value }, { replace: true })}
      />
    </form>
  );
}
