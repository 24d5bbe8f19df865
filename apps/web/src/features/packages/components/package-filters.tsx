import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { categoryName } from '@sherehe/shared/category-name';
import { todayInNairobi } from '@sherehe/shared/dates';
import { packagePagesMessages, packagesMessages } from '@sherehe/shared/messages';
import type { Package } from '@sherehe/shared/schemas/packages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InputField, SearchField, SelectField } from '@/components/ui/form-field';
import { SearchForm } from '@/components/ui/search-form';
import { LANG } from '@/config/lang';
import { cx } from '@/lib/class-names';
import {
  BROWSE_SORTS,
  type BrowseSort,
  type BrowseState,
  MIN_RATINGS,
  TEXT_FILTERS,
  type TextFilters,
} from '../hooks/use-browse-params';

/** Typing waits this long before it asks the server (spec: debounced, about 300 ms). */
export const FILTER_DEBOUNCE_MS = 300;

type CategoryOption = Package['category'];

interface PackageFiltersProps {
  state: BrowseState;
  onChange: (changes: Partial<BrowseState>, options?: { replace?: boolean }) => void;
  /** Undefined while the categories load: only 'All categories' is offered meanwhile. */
  categories: readonly CategoryOption[] | undefined;
  /** Why a typed filter is not applied (e.g. a negative price). */
  problems: Partial<TextFilters>;
}

function textFiltersOf(state: BrowseState): TextFilters {
  return { q: state.q, location: state.location, minPrice: state.minPrice, maxPrice: state.maxPrice };
}

/** The price range's two boxes, alike but for their names. */
const PRICE_FILTERS = ['minPrice', 'maxPrice'] as const;

const keyOf = (filters: TextFilters) => TEXT_FILTERS.map((name) => filters[name]).join('\u0001');

/**
 * Search box, category, location, sort, "Free on" (a day), rating, price range (docs/product-spec.md#pages). Selects apply at once; typed
 * filters apply after a pause, replacing the history entry so Back skips half-typed words.
 */
export function PackageFilters({ state, onChange, categories, problems }: PackageFiltersProps) {
  const fromUrl = textFiltersOf(state);
  const urlKey = keyOf(fromUrl);
  const [draft, setDraft] = useState<TextFilters>(fromUrl);
  const draftKey = keyOf(draft);
  // The text filters last written to (or read from) the URL.
  const written = useRef(urlKey);

  // The URL moved on its own (Back, a shared link): the boxes follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the URL's text filters only
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setDraft(fromUrl);
  }, [urlKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the typed values only
  useEffect(() => {
    if (draftKey === written.current) return;
    const timer = window.setTimeout(() => {
      if (draftKey === written.current) return;
      written.current = draftKey;
      onChange(draft, { replace: true });
    }, FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draftKey]);

  function type(name: keyof TextFilters, value: string) {
    setDraft((current) => ({ ...current, [name]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter applies at once, without waiting for the pause.
    if (draftKey === written.current) return;
    written.current = draftKey;
    onChange(draft);
  }

  const activeFilters =
    [state.category, state.location, state.minPrice, state.maxPrice, state.date, state.minRating].filter(
      Boolean,
    ).length + (state.sort === 'newest' ? 0 : 1);
  const hasFilters = Boolean(state.q) || activeFilters > 0;
  // On a phone the filters fold away so that results come in the first screenful; open when in use.
  const [panelOpen, setPanelOpen] = useState(activeFilters > 0);
  const panelId = useId();

  function clearFilters() {
    const empty: TextFilters = { q: '', location: '', minPrice: '', maxPrice: '' };
    written.current = keyOf(empty);
    setDraft(empty);
    onChange({ ...empty, category: '', date: '', minRating: '', sort: 'newest' });
  }

  // Days a booking request could be made for: from today in Nairobi, within the booking horizon.
  const today = todayInNairobi();
  const ratingOptions = [
    { value: '', label: packagePagesMessages.anyRating },
    ...MIN_RATINGS.map((stars) => ({
      value: String(stars),
      label: packagePagesMessages.ratingAtLeast(stars),
    })),
  ];

  const categoryOptions = [
    { value: '', label: packagesMessages.allCategories },
    ...(categories ?? []).map((category) => ({ value: category._id, label: categoryName(category, LANG) })),
  ];

  return (
    <SearchForm
      label={packagePagesMessages.filtersLabel}
      onSubmit={handleSubmit}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <SearchField
        label={packagePagesMessages.search}
        placeholder={packagePagesMessages.searchPlaceholder}
        value={draft.q}
        onChange={(event) => type('q', event.target.value)}
      />
      <div className="mt-4 flex gap-3 sm:hidden">
        <Button
          variant="secondary"
          className="flex-1"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {packagePagesMessages.filters(activeFilters)}
        </Button>
        <Button type="submit" className="flex-1">
          {packagePagesMessages.search}
        </Button>
      </div>
      <div
        id={panelId}
        className={cx('mt-4 gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-6', panelOpen ? 'grid' : 'hidden')}
      >
        <div className="lg:col-span-2">
          <SelectField
            label={packagePagesMessages.category}
            name="category"
            options={categoryOptions}
            value={state.category}
            onChange={(event) => onChange({ category: event.target.value })}
          />
        </div>
        <div className="lg:col-span-2">
          <InputField
            label={packagePagesMessages.location}
            name="location"
            placeholder={packagePagesMessages.locationPlaceholder}
            maxLength={120}
            autoComplete="address-level2"
            value={draft.location}
            onChange={(event) => type('location', event.target.value)}
          />
        </div>
        <div className="lg:col-span-2">
          <SelectField
            label={packagePagesMessages.sortBy}
            name="sort"
            options={BROWSE_SORTS}
            value={state.sort}
            onChange={(event) => onChange({ sort: event.target.value as BrowseSort })}
          />
        </div>
        <div className="lg:col-span-2">
          <InputField
            label={packagePagesMessages.freeOn}
            name="date"
            type="date"
            min={today}
            max={latestBookableDay(today)}
            value={state.date}
            onChange={(event) => onChange({ date: event.target.value })}
          />
        </div>
        <div className="lg:col-span-2">
          <SelectField
            label={packagePagesMessages.minRating}
            name="minRating"
            options={ratingOptions}
            value={state.minRating}
            onChange={(event) => onChange({ minRating: event.target.value })}
          />
        </div>
        {PRICE_FILTERS.map((name) => (
          <div key={name} className="lg:col-span-2">
            <InputField
              label={packagePagesMessages[name]}
              name={name}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={draft[name]}
              error={problems[name]}
              onChange={(event) => type(name, event.target.value)}
            />
          </div>
        ))}
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-2">
          <Button type="submit" className="hidden flex-1 sm:inline-flex">
            {packagePagesMessages.search}
          </Button>
          {hasFilters ? (
            <Button variant="secondary" className="flex-1" onClick={clearFilters}>
              {packagePagesMessages.clearFilters}
            </Button>
          ) : null}
        </div>
      </div>
    </SearchForm>
  );
}
