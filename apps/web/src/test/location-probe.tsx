import { useLocation } from 'react-router';

/** Shows the memory router's current address, for tests that check what lands in the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The query of the address the probe shows. */
export function currentSearch(element: HTMLElement): URLSearchParams {
  const text = element.textContent ?? '';
  return new URLSearchParams(text.includes('?') ? text.slice(text.indexOf('?')) : '');
}
