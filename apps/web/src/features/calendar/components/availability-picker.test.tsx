import { todayInNairobi } from '@sherehe/shared/dates';
import { calendarPagesMessages as m } from '@sherehe/shared/messages/calendar-pages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { PLANNER_ID } from '@/test/booking-fixtures';
import { callsTo, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AvailabilityPicker } from './availability-picker';
import { addDays, addMonths, formatLongDay, lastDayOf, monthOf } from './month';

// Days relative to today in Nairobi, never fixed dates: a day in the middle of next month, so that
// moving a day or a week either way stays in one month.
const today = todayInNairobi();
const middle = `${monthOf(addMonths(today, 1))}-15`;
const blocked = addDays(middle, 1);
const max = addDays(today, 3 * 365);

function Harness() {
  const [value, setValue] = useState(middle);
  return (
    <>
      <label>
        Event date
        <input type="date" value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <AvailabilityPicker plannerId={PLANNER_ID} value={value} min={today} max={max} onPick={setValue} />
    </>
  );
}

function renderPicker() {
  const fetchMock = mockFetch({
    'GET /api/auth/is-auth': () => jsonResponse({ success: false, user: null }),
    [`GET /api/planners/${PLANNER_ID}/availability`]: () =>
      jsonResponse({ success: true, unavailable: [blocked] }),
  });
  const view = renderWithApp(<Harness />);
  return { fetchMock, ...view };
}

const dayButton = (day: string) =>
  screen.getByRole('button', { name: new RegExp(`^${formatLongDay(day)},`) }) as HTMLButtonElement;

describe('AvailabilityPicker', () => {
  it('greys out the planner’s unavailable days with the reason in their name and under the grid', async () => {
    const { fetchMock, container } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: m.pickerOpen }));
    await screen.findByRole('table');
    await waitFor(() => expect(dayButton(blocked).getAttribute('aria-disabled')).toBe('true'));
    expect(dayButton(blocked).getAttribute('aria-label')).toBe(
      m.dayLabel(formatLongDay(blocked), m.reasons.unavailable),
    );
    expect(dayButton(middle).getAttribute('aria-disabled')).toBeNull();
    // One month asked, inside the bookable range.
    const url = String(callsTo(fetchMock, `GET /api/planners/${PLANNER_ID}/availability`).at(-1)?.[0]);
    expect(url).toContain(`to=${lastDayOf(monthOf(middle))}`);
    // The opened grid takes the focus, on the chosen day.
    expect(document.activeElement).toBe(dayButton(middle));
    // A greyed day cannot be picked: it says why.
    fireEvent.click(dayButton(blocked));
    expect(screen.getByText(`${formatLongDay(blocked)}: ${m.reasons.unavailable}`)).toBeTruthy();
    expect((screen.getByLabelText('Event date') as HTMLInputElement).value).toBe(middle);
    expect(screen.getByRole('table')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('moves with the keyboard, picks with Enter and closes with Escape back to the button', async () => {
    renderPicker();
    const toggle = screen.getByRole('button', { name: m.pickerOpen });
    fireEvent.click(toggle);
    await screen.findByRole('table');
    await waitFor(() => expect(dayButton(blocked).getAttribute('aria-disabled')).toBe('true'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(dayButton(blocked));
    // Focus on a greyed day reads its reason out.
    expect(screen.getByText(`${formatLongDay(blocked)}: ${m.reasons.unavailable}`)).toBeTruthy();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(dayButton(addDays(blocked, 7)));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(dayButton(middle));
    // Page Down shows the next month, on the same day of it.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'PageDown' });
    const nextMonthDay = addMonths(middle, 1);
    await waitFor(() => expect(document.activeElement).toBe(dayButton(nextMonthDay)));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'PageUp' });
    await waitFor(() => expect(document.activeElement).toBe(dayButton(middle)));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    const chosen = addDays(middle, -1);
    // Enter on a button is its click.
    fireEvent.click(document.activeElement as HTMLElement);
    expect((screen.getByLabelText('Event date') as HTMLInputElement).value).toBe(chosen);
    expect(screen.getByText(m.dayChosen(formatLongDay(chosen)))).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    await screen.findByRole('table');
    expect(document.activeElement).toBe(dayButton(chosen));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('says at once when a typed day is one the planner cannot take, and marks past days', async () => {
    renderPicker();
    fireEvent.change(screen.getByLabelText('Event date'), { target: { value: blocked } });
    expect(await screen.findByText(m.selectedDayUnavailable(m.reasons.unavailable))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.pickerOpen }));
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: /^Previous month/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Previous month/ }));
    const yesterday = addDays(today, -1);
    if (monthOf(yesterday) === monthOf(today)) {
      expect(dayButton(yesterday).getAttribute('aria-label')).toBe(
        m.dayLabel(formatLongDay(yesterday), m.reasons.past),
      );
    }
  });
});
