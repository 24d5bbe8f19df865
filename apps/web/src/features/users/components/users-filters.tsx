import { authMessages, usersMessages } from '@sherehe/shared/messages';
import { ROLES, type Role } from '@sherehe/shared/roles';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SearchField, SelectField } from '@/components/ui/form-field';
import { SearchForm } from '@/components/ui/search-form';
import type { UsersListState } from '../hooks/use-users-params';

/** Typing waits this long before the URL (and so the server) is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

const ROLE_OPTIONS = [
  { value: '', label: usersMessages.allRoles },
  ...ROLES.map((role) => ({ value: role, label: authMessages.roleLabels[role] })),
];

interface UsersFiltersProps {
  state: UsersListState;
  onChange: (changes: Partial<UsersListState>, options?: { replace?: boolean }) => void;
}

/**
 * Role filter and name-or-email search. The role applies at once; the search after a pause in
 * typing, replacing the history entry so Back skips half-typed words.
 */
export function UsersFilters({ state, onChange }: UsersFiltersProps) {
  const [draft, setDraft] = useState(state.q);
  // The search last written to (or read from) the URL.
  const written = useRef(state.q);

  // The URL moved on its own (Back, a shared link): the box follows it.
  useEffect(() => {
    if (state.q === written.current) return;
    written.current = state.q;
    setDraft(state.q);
  }, [state.q]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the typed text only
  useEffect(() => {
    if (draft === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = draft;
      onChange({ q: draft }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter applies at once.
    if (draft === written.current) return;
    written.current = draft;
    onChange({ q: draft });
  }

  return (
    <SearchForm
      label={usersMessages.filtersLabel}
      onSubmit={handleSubmit}
      className="mb-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_14rem]"
    >
      <SearchField
        label={usersMessages.search}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <SelectField
        label={authMessages.role}
        name="role"
        options={ROLE_OPTIONS}
        value={state.role}
        onChange={(event) => onChange({ role: event.target.value as Role | '' })}
      />
    </SearchForm>
  );
}
