import { controlsMessages } from '@sherehe/shared/messages';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from '@/lib/class-names';
import { Button } from './button';

const control =
  'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 ' +
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600';

function controlClass(invalid: boolean) {
  return cx(control, invalid ? 'border-red-700' : 'border-stone-400 focus:border-brand-600');
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** A control's id (the one given, or a new one), its error and hint tied to it, and its look. */
function useControl(id: string | undefined, error: string | undefined, hint: ReactNode, className?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(controlId, error, hint),
    className: cx(controlClass(Boolean(error)), className),
  };
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its inline error; works with react-hook-form's `register()`. */
export function InputField({ label, error, hint, id, className, ...props }: InputFieldProps) {
  const control = useControl(id, error, hint, className);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input {...control} {...props} />
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({ label, error, options, id, className, ...props }: SelectFieldProps) {
  const control = useControl(id, error, undefined, className);
  return (
    <FieldShell id={control.id} label={label} error={error}>
      <select {...control} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextareaField({ label, error, hint, id, className, rows = 5, ...props }: TextareaFieldProps) {
  const control = useControl(id, error, hint, cx('resize-y', className));
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea {...control} rows={rows} {...props} />
    </FieldShell>
  );
}

/** An email address's input: the keyboard and the autofill for one. */
export function EmailField(props: Omit<InputFieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  return <InputField type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** Why the last submit failed, read out at once; nothing while there is none. */
export function FormProblem({ message }: { message: ReactNode }) {
  return message ? (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** A form's Cancel, when the form can be left without sending; locked while it is being sent. */
export function FormCancel({
  onCancel,
  disabled,
}: {
  onCancel: (() => void) | undefined;
  disabled: boolean;
}) {
  return onCancel ? (
    <Button variant="secondary" onClick={onCancel} disabled={disabled}>
      {controlsMessages.cancel}
    </Button>
  ) : null;
}

/** A list's search box (`q`): the keyboard's Search key, at most 200 characters. */
export function SearchField(props: Omit<InputFieldProps, 'type' | 'name' | 'maxLength' | 'enterKeyHint'>) {
  return <InputField type="search" name="q" maxLength={200} enterKeyHint="search" {...props} />;
}
