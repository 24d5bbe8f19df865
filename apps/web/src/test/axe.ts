import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Fails on serious or critical accessibility violations in `container`, naming them, as the browser
 * tests' `expectAccessible` does. happy-dom lays nothing out, so the rules that need a layout are off:
 * colour contrast (the browser tests check it) and landmarks (a component test renders a fragment
 * of a page).
 */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
