import { paymentPagesMessages, paymentsMessages } from '@sherehe/shared/messages';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@sherehe/shared/payments';
import { InputField, SelectField } from '@/components/ui/form-field';
import { SearchForm } from '@/components/ui/search-form';
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

/** The two choices, alike but for what they choose from. */
const CHOICES = [
  { name: 'status', label: m.status, options: STATUS_OPTIONS },
  { name: 'method', label: m.method, options: METHOD_OPTIONS },
] as const;

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
    <SearchForm
      label={m.filtersLabel}
      onSubmit={(event) => event.preventDefault()}
      className="mb-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      {CHOICES.map(({ name, label, options }) => (
        <SelectField
          key={name}
          label={label}
          name={name}
          options={options}
          value={state[name]}
          onChange={(event) => onChange({ [name]: event.target.value } as Partial<PaymentsListState>)}
        />
      ))}
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
    </SearchForm>
  );
}
