import { DEMO, expectAccessible } from '../fixtures';
import { expect, test } from './helpers/bookings';
import { longDay, monthFromNow, monthName } from './helpers/days';

test.describe('the calendar on a phone @mobile', () => {
  test('a planner sees a month grid, blocks three days in one go and unblocks them', async ({
    page,
    loginAs,
  }) => {
    await loginAs(DEMO.planner);
    // Thirty months ahead: inside the three years a day may be booked, and far from the days other
    // tests give the same demo planner.
    const month = monthFromNow(30);
    const days = [`${month}-10`, `${month}-11`, `${month}-12`] as const;
    const [first, , last] = days;
    try {
      await page.goto(`/dashboard/calendar?month=${month}`);
      await expect(page.getByRole('heading', { level: 2, name: monthName(month) })).toBeVisible();

      // A month grid of seven columns that fits the phone, each day big enough for a thumb.
      const grid = page.getByRole('table', { name: `${monthName(month)}: bookings by day` });
      await expect(grid).toBeVisible();
      await expect(grid.getByRole('columnheader')).toHaveCount(7);
      const width = page.viewportSize()?.width ?? 0;
      const box = await grid.boundingBox();
      expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(width);
      const dayButton = (day: string) => grid.getByRole('button', { name: new RegExp(`^${longDay(day)}`) });
      const cell = await dayButton(first).boundingBox();
      expect(cell?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(cell?.width ?? 0).toBeGreaterThanOrEqual(44);

      await page.getByRole('button', { name: 'Block several days' }).tap();
      const panel = page.getByRole('region', { name: 'Block or unblock several days' });
      await expect(panel).toBeVisible();
      await dayButton(first).tap();
      await expect(panel.getByRole('status')).toHaveText(
        `First day: ${longDay(first)}. Now tap the last day.`,
      );
      await dayButton(last).tap();
      await expect(panel.getByRole('status')).toHaveText(
        `Chosen: ${longDay(first)} to ${longDay(last)}, 3 days.`,
      );
      await expect(panel.getByLabel('First day')).toHaveValue(first);
      await expect(panel.getByLabel('Last day')).toHaveValue(last);
      await panel.getByLabel('Note (only you see it)').fill('Leave');
      await panel.getByRole('button', { name: 'Block these days', exact: true }).tap();
      await expect(panel.getByRole('status')).toHaveText(
        '3 days blocked. No new requests can be made for them.',
      );
      for (const day of days) {
        await expect(dayButton(day)).toHaveAccessibleName(new RegExp(`^${longDay(day)}: .*blocked`));
      }
      await expect(dayButton(`${month}-13`)).not.toHaveAccessibleName(/blocked/);
      await expectAccessible(page);

      await panel.getByRole('button', { name: 'Unblock these days' }).tap();
      await expect(panel.getByRole('status')).toHaveText('3 days unblocked.');
      for (const day of days) {
        await expect(dayButton(day)).not.toHaveAccessibleName(/blocked/);
      }
      const left = await (await page.request.get(`/api/availability/blocks?from=${first}&to=${last}`)).json();
      expect(left.blocks).toEqual([]);

      // A tap on a day opens its panel below the grid.
      await panel.getByRole('button', { name: 'Done' }).tap();
      await dayButton(first).tap();
      await expect(page.getByRole('heading', { name: `Selected: ${longDay(first)}` })).toBeFocused();
      await expect(page.getByText('No bookings on this day.')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await page.request.delete(`/api/availability/blocks/${first}?to=${last}`).catch(() => undefined);
    }
  });

  test('the Kiswahili calendar chooses several days in Kiswahili', async ({ page, loginAs }) => {
    await loginAs(DEMO.planner);
    const month = monthFromNow(31);
    const first = `${month}-10`;
    await page.goto(`/sw/dashboard/calendar?month=${month}`);
    const grid = page.getByRole('table');
    await expect(grid).toBeVisible();
    await page.getByRole('button', { name: 'Funga siku kadhaa' }).tap();
    const panel = page.getByRole('region', { name: 'Funga au fungua siku kadhaa' });
    await expect(panel).toBeVisible();
    const day = grid.getByRole('button').nth(9);
    await day.tap();
    await expect(panel.getByLabel('Siku ya kwanza')).toHaveValue(first);
    await expect(panel.getByRole('status')).toHaveText(/^Siku ya kwanza: .+\. Sasa gusa siku ya mwisho\.$/);
    await expect(day).toHaveAccessibleName(/: kati ya siku ulizochagua$/);
    await expectAccessible(page);
  });
});
