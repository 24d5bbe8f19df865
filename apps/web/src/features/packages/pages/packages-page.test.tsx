import { latestBookableDay } from '@sherehe/shared/booking-dates';
import { shiftDay } from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, fieldRefusal, jsonResponse, mockFetch, signedOut } from '@/test/fetch-mock';
import { CATEGORIES, makePackage, packageListReply } from '@/test/fixtures';
import { currentSearch, LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import PackagesPage from './packages-page';

const [weddings] = CATEGORIES;
const six = Array.from({ length: 6 }, (_, index) =>
  makePackage({ _id: `p${index + 1}`, title: `Package ${index + 1}` }),
);

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      History back
    </button>
  );
}

function renderBrowse(route: string) {
  return renderWithApp(
    <>
      <PackagesPage categories={CATEGORIES} />
      <LocationProbe />
      <BackButton />
    </>,
    { route },
  );
}

/** The query strings of the list calls made so far. */
function listQueries(fetchMock: ReturnType<typeof mockFetch>) {
  return callsTo(fetchMock, 'GET /api/packages').map(
    ([input]) => new URL(String(input), 'http://localhost').searchParams,
  );
}

const lastQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  listQueries(fetchMock).at(-1) as URLSearchParams;
const url = () => currentSearch(screen.getByTestId('location'));

describe('PackagesPage (browse)', () => {
  it('reads search, filters, sort and page from the URL and asks the server for that page', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply(six, { total: 13, page: 2 })),
    });
    renderBrowse(
      `/packages?q=garden&category=${weddings?._id}&location=Nairobi&minPrice=1000&maxPrice=500000&sort=price_asc&page=2`,
    );

    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('garden');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(weddings?._id);
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Nairobi');
    expect((screen.getByLabelText('Min price (Ksh)') as HTMLInputElement).value).toBe('1000');
    expect((screen.getByLabelText('Max price (Ksh)') as HTMLInputElement).value).toBe('500000');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price_asc');

    const query = lastQuery(fetchMock);
    expect(Object.fromEntries(query)).toEqual({
      q: 'garden',
      category: weddings?._id,
      location: 'Nairobi',
      minPrice: '1000',
      maxPrice: '500000',
      sort: 'price_asc',
      page: '2',
      limit: '6',
    });
    expect(screen.getByText('13 packages found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('writes typed filters to the URL after a pause, going back to page 1', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply(six, { total: 13 })),
    });
    renderBrowse('/packages?page=2');
    await screen.findByText(/Page \d of 3/);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'wedd' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'wedding' } });
    // Not at once: typing is debounced.
    expect(url().get('q')).toBeNull();
    await waitFor(() => expect(url().get('q')).toBe('wedding'));
    expect(url().get('page')).toBeNull();
    await waitFor(() => expect(lastQuery(fetchMock).get('q')).toBe('wedding'));
    expect(lastQuery(fetchMock).get('page')).toBe('1');
    // One request for the whole word, none for the half-typed one.
    expect(listQueries(fetchMock).some((query) => query.get('q') === 'wedd')).toBe(false);

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: weddings?._id } });
    await waitFor(() => expect(url().get('category')).toBe(weddings?._id));
    expect(url().get('q')).toBe('wedding');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_desc' } });
    await waitFor(() => expect(lastQuery(fetchMock).get('sort')).toBe('price_desc'));
    expect(url().get('sort')).toBe('price_desc');
  });

  it('filters by "Free on" and rating from the URL and the controls, and clears them', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply(six, { total: 13 })),
    });
    const today = todayInNairobi();
    const day = shiftDay(today, 12);
    renderBrowse(`/packages?date=${day}&minRating=4&sort=rating&page=2`);
    await screen.findByText(/Page \d of 3/);
    const freeOn = screen.getByLabelText('Free on') as HTMLInputElement;
    expect(freeOn.type).toBe('date');
    expect(freeOn.value).toBe(day);
    // Nobody can book the past: the picker starts today in Nairobi, and ends where bookings do.
    expect(freeOn.min).toBe(today);
    expect(freeOn.max).toBe(latestBookableDay(today));
    const rating = screen.getByLabelText('Rating') as HTMLSelectElement;
    expect(rating.value).toBe('4');
    expect([...rating.options].map((option) => option.text)).toEqual([
      'Any rating',
      '4 stars & up',
      '3 stars & up',
      '2 stars & up',
      '1 star & up',
    ]);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating');
    expect(screen.getByRole('option', { name: 'Top rated' })).toBeTruthy();
    expect(Object.fromEntries(lastQuery(fetchMock))).toEqual({
      date: day,
      minRating: '4',
      sort: 'rating',
      page: '2',
      limit: '6',
    });

    // Another day and rating apply at once, back to page 1.
    const other = shiftDay(today, 3);
    fireEvent.change(freeOn, { target: { value: other } });
    await waitFor(() => expect(url().get('date')).toBe(other));
    expect(url().get('page')).toBeNull();
    await waitFor(() => expect(lastQuery(fetchMock).get('date')).toBe(other));
    fireEvent.change(rating, { target: { value: '2' } });
    await waitFor(() => expect(lastQuery(fetchMock).get('minRating')).toBe('2'));
    expect(url().get('minRating')).toBe('2');
    // Any rating and no day leave the address and the query.
    fireEvent.change(rating, { target: { value: '' } });
    await waitFor(() => expect(url().get('minRating')).toBeNull());
    fireEvent.change(freeOn, { target: { value: '' } });
    await waitFor(() => expect(url().get('date')).toBeNull());
    await waitFor(() => expect(lastQuery(fetchMock).get('date')).toBeNull());
    expect(lastQuery(fetchMock).get('minRating')).toBeNull();

    fireEvent.change(freeOn, { target: { value: other } });
    fireEvent.change(rating, { target: { value: '3' } });
    await waitFor(() => expect(url().get('minRating')).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url().get('date')).toBeNull());
    expect(url().get('minRating')).toBeNull();
    expect(url().get('sort')).toBeNull();
  });

  it('says why the server refused a day, and that nothing is free on it', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages': (input) =>
        new URL(String(input), 'http://localhost').searchParams.get('date') === '2020-01-01'
          ? fieldRefusal('date', 'Choose today or a later day to see who is free.')
          : jsonResponse(packageListReply([])),
    });
    renderBrowse('/packages?date=2020-01-01');
    expect(await screen.findByText('Choose today or a later day to see who is free.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Free on'), { target: { value: shiftDay(todayInNairobi(), 1) } });
    expect(await screen.findByText('No packages match your search.')).toBeTruthy();
  });

  it('does not send a price range the wrong way round, and says why', async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply(six)),
    });
    renderBrowse('/packages?minPrice=5000&maxPrice=100');
    expect(await screen.findByText('Max price cannot be less than min price.')).toBeTruthy();
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(0));
    expect(lastQuery(fetchMock).get('minPrice')).toBe('5000');
    expect(lastQuery(fetchMock).get('maxPrice')).toBeNull();
  });

  it('pages with Next and numbered links, shows Page X of Y, and Back returns', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages': (input) => {
        const page = Number(new URL(input, 'http://localhost').searchParams.get('page'));
        const items = six.map((pkg) => ({
          ...pkg,
          _id: `${pkg._id}-${page}`,
          title: `${pkg.title} on page ${page}`,
        }));
        return jsonResponse(packageListReply(page === 3 ? items.slice(0, 1) : items, { total: 13, page }));
      },
    });
    renderBrowse('/packages');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);

    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(url().get('page')).toBe('2');
    expect(await screen.findByRole('heading', { name: 'Package 1 on page 2' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { name: 'Package 1 on page 3' })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'History back' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(url().get('page')).toBe('2');
  });

  it('shows six skeleton cards while loading, then cards with Book and More Details', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({
      ...signedOut(),
      'GET /api/packages': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderBrowse('/packages');
    const loading = await screen.findByText('Loading packages…');
    const skeleton = loading.closest('[role="status"]') as HTMLElement;
    expect(skeleton.querySelectorAll('.aspect-\\[3\\/2\\]')).toHaveLength(6);

    answer(
      jsonResponse(
        packageListReply([
          makePackage({ rating: { average: 4.25, count: 3 } }),
          makePackage({ _id: 'p2', title: 'Plain' }),
        ]),
      ),
    );
    const card = (await screen.findByRole('heading', { name: 'Garden Wedding' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('Ksh 450,000')).toBeTruthy();
    expect(within(card).getByText('Weddings')).toBeTruthy();
    expect(within(card).getByText('Nairobi')).toBeTruthy();
    expect(within(card).getByText('Rated 4.3 out of 5 from 3 reviews')).toBeTruthy();
    expect(within(card).getByText('3 reviews')).toBeTruthy();
    // Five stars, four of them filled (4.25 to the nearest star).
    const stars = within(card).getByText('4.3').previousElementSibling as HTMLElement;
    expect(stars.textContent).toBe('★★★★★');
    expect(stars.querySelectorAll('.text-amber-600')).toHaveLength(4);
    expect(within(card).getByText('Planner:').nextElementSibling?.textContent).toBe('Wanjiru Events');
    expect(within(card).getByRole('link', { name: 'Book: Garden Wedding' }).getAttribute('href')).toBe(
      '/packages/p1?book=1',
    );
    expect(
      within(card).getByRole('link', { name: 'More Details: Garden Wedding' }).getAttribute('href'),
    ).toBe('/packages/p1');
    const image = within(card).getByRole('img', { name: 'Garden Wedding' });
    expect(image.getAttribute('srcset')).toContain('p1-thumb.webp 480w');
    expect(image.getAttribute('width')).toBe('480');
    const plain = screen.getByRole('heading', { name: 'Plain' }).closest('article') as HTMLElement;
    expect(within(plain).queryByText(/Rated/)).toBeNull();
  });

  it('says so with Try Again when loading fails, and tries again', async () => {
    let fail = true;
    mockFetch({
      ...signedOut(),
      'GET /api/packages': () =>
        fail
          ? jsonResponse({ success: false, message: 'Boom', code: 'INTERNAL' }, 500)
          : jsonResponse(packageListReply(six)),
    });
    renderBrowse('/packages');
    expect(
      await screen.findByText('Failed to load packages. Please refresh the page.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
  });

  it('says "1,000+ packages found" when the server stopped counting', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages': () =>
        jsonResponse({ ...packageListReply(six, { total: 1000 }), totalCapped: true }),
    });
    renderBrowse('/packages?q=harusi');
    expect(await screen.findByText('1,000+ packages found')).toBeTruthy();
    expect(screen.queryByText('1000 packages found')).toBeNull();
  });

  it('shows an empty state when nothing matches', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply([])),
    });
    renderBrowse('/packages?q=nothing-like-this');
    expect(await screen.findByText('No packages match your search.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url().get('q')).toBeNull());
  });

  it('folds the filters on phones behind a Filters button, open when some are in use', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply(six)),
    });
    const { unmount } = renderBrowse('/packages');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') as string) as HTMLElement;
    expect(panel.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^| )hidden( |$)/);
    unmount();

    renderBrowse('/packages?location=Nairobi&sort=rating');
    expect((await screen.findByRole('button', { name: 'Filters (2)' })).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it("lists one planner's packages under their name, with a way back to all", async () => {
    const fetchMock = mockFetch({
      ...signedOut(),
      'GET /api/packages': () => jsonResponse(packageListReply([makePackage()])),
    });
    renderBrowse('/packages?planner=u2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Packages by Wanjiru Events' })).toBeTruthy();
    expect(lastQuery(fetchMock).get('planner')).toBe('u2');
    expect(screen.getByRole('link', { name: 'Show packages of all planners' }).getAttribute('href')).toBe(
      '/packages',
    );
  });
});
