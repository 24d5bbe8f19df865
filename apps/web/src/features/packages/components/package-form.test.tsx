import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, fieldRefusal, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { CATEGORIES, makePackage, makeUser } from '@/test/fixtures';
import { LocationProbe } from '@/test/location-probe';
import { renderWithApp } from '@/test/render';
import CreatePackagePage from '../pages/create-package-page';
import EditPackagePage from '../pages/edit-package-page';

const planner = makeUser({ _id: 'u2', id: 'u2', role: 'planner', username: 'Wanjiru Events' });
const choices = { options: CATEGORIES, failed: false, retry: () => {} };
const [weddings] = CATEGORIES;

function png(name = 'photo.png', size?: number) {
  const file = new File(['png-bytes'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderCreate() {
  return renderWithApp(
    <>
      <CreatePackagePage categories={choices} />
      <LocationProbe />
    </>,
    { route: '/dashboard/packages/create' },
  );
}

function fillValidForm() {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sunset Wedding' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A beach wedding at sunset.' } });
  fireEvent.change(screen.getByLabelText('Price (Ksh)'), { target: { value: '125000.50' } });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: weddings?._id } });
  fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Diani' } });
  fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [png()] } });
}

const submit = () => screen.getByRole('button', { name: /Create Package|Saving\.\.\./ });

describe('PackageForm (create)', () => {
  it("shows the shared schema's messages under each field and sends nothing while invalid", async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
    });
    renderCreate();
    fireEvent.click(await screen.findByRole('button', { name: 'Create Package' }));

    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(screen.getByText('Description is required.')).toBeTruthy();
    expect(screen.getByText('Price is required.')).toBeTruthy();
    expect(screen.getByText('Please choose a category.')).toBeTruthy();
    expect(screen.getByText('Location is required.')).toBeTruthy();
    expect(screen.getByText('Please choose an image for the package.')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Price (Ksh)'), { target: { value: '12.345' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Price must be a number with at most 2 decimals.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/packages/create')).toHaveLength(0);
  });

  it('asks for the deposit share, 30 % to start with, and says what a client pays at the price typed', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () =>
        jsonResponse({ success: true, message: 'Package created successfully!', data: makePackage() }, 201),
    });
    renderCreate();
    const deposit = (await screen.findByLabelText('Deposit (% of the price)')) as HTMLInputElement;
    expect(deposit.value).toBe('30');
    expect(
      screen.getByText(
        'The share of the price clients pay when you accept; the rest is due 7 days before the event.',
      ),
    ).toBeTruthy();
    fillValidForm();
    expect(
      await screen.findByText(
        'Clients pay Ksh 37,501 when you accept; the rest is due 7 days before the event.',
      ),
    ).toBeTruthy();
    fireEvent.change(deposit, { target: { value: '0' } });
    expect(
      await screen.findByText(
        'Clients pay nothing when you accept; the whole price is due 7 days before the event.',
      ),
    ).toBeTruthy();

    fireEvent.change(deposit, { target: { value: '101' } });
    fireEvent.click(submit());
    expect(await screen.findByText('The deposit must be a whole percent from 0 to 100.')).toBeTruthy();
    expect(deposit.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/packages/create')).toHaveLength(0);

    fireEvent.change(deposit, { target: { value: '25' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Package created successfully!')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST /api/packages/create')[0]?.[1]?.body as FormData;
    expect(body.get('depositPercent')).toBe('25');
  });

  it('offers the three cancellation policies in words, moderate to start with, and sends the one chosen', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () =>
        jsonResponse({ success: true, message: 'Package created successfully!', data: makePackage() }, 201),
    });
    renderCreate();
    const group = await screen.findByRole('group', { name: 'Cancellation policy' });
    const moderate = screen.getByRole('radio', { name: /^Moderate/ }) as HTMLInputElement;
    expect(moderate.checked).toBe(true);
    expect(group.textContent).toContain(
      'A client who cancels 90 or more days before gets everything back; 30 to 89 days before, you keep the deposit; under 30 days, nothing is refunded.',
    );
    fillValidForm();
    fireEvent.click(screen.getByRole('radio', { name: /^Strict/ }));
    fireEvent.click(submit());
    expect(await screen.findByText('Package created successfully!')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST /api/packages/create')[0]?.[1]?.body as FormData;
    expect(body.get('cancellationPolicy')).toBe('strict');
  });

  it('refuses a file that is not an image or is over 15 MB before sending, and takes one of 15 MB', async () => {
    mockFetch(signedInAs(planner));
    renderCreate();
    const input = await screen.findByLabelText('Add photos');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await screen.findByText('Please upload an image file (JPEG, PNG, WebP, GIF or AVIF).'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { files: [png('huge.png', 15 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('Each photo must be less than 15MB')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();
    fireEvent.change(input, { target: { files: [png('large.png', 15 * 1024 * 1024)] } });
    expect(await screen.findByRole('img', { name: 'Photo 1' })).toBeTruthy();
    expect(screen.queryByText('Each photo must be less than 15MB')).toBeNull();
    expect(screen.getByText('1 of 8 photos')).toBeTruthy();
  });

  it('takes up to 8 photos and says so for the 9th; removes one and makes another the cover', async () => {
    mockFetch(signedInAs(planner));
    renderCreate();
    const input = await screen.findByLabelText('Add photos');
    const nine = Array.from({ length: 9 }, (_, index) => png(`p${index + 1}.png`));
    fireEvent.change(input, { target: { files: nine } });
    expect(await screen.findByText('A package can have at most 8 photos.')).toBeTruthy();
    expect(screen.getByText('8 of 8 photos')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 8' }));
    expect(screen.getByText('7 of 8 photos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }));
    // The cover has no button to make it the cover; photo 1 is the one chosen.
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).toBeNull();
  });

  it('creates with the cover, then sends each other photo in a request of its own', async () => {
    const created = makePackage({
      _id: 'p7',
      images: [{ _id: 'i1', url: 'http://localhost/uploads/a.webp' }],
    });
    let added = 1;
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () =>
        jsonResponse({ success: true, message: 'Package created successfully!', data: created }, 201),
      'POST /api/packages/p7/images': () => {
        added += 1;
        const images = Array.from({ length: added }, (_, index) => ({
          _id: `i${index + 1}`,
          url: `http://localhost/uploads/${index}.webp`,
        }));
        return jsonResponse({ success: true, message: 'Photo added.', data: { ...created, images } }, 201);
      },
    });
    renderCreate();
    await screen.findByLabelText('Title');
    fillValidForm();
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [png('second.png'), png('third.png')] },
    });
    fireEvent.click(submit());
    expect(await screen.findByText('Package created successfully!')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST /api/packages/create')[0]?.[1]?.body as FormData;
    expect((body.get('image') as File).name).toBe('photo.png');
    const uploads = callsTo(fetchMock, 'POST /api/packages/p7/images');
    expect(
      uploads
        .map((call) => ((call[1] as RequestInit).body as FormData).get('image') as File)
        .map((file) => file.name),
    ).toEqual(['second.png', 'third.png']);
    // Already in the order chosen: no reordering request.
    expect(callsTo(fetchMock, 'PUT /api/packages/update/p7')).toHaveLength(0);
  });

  it('sends once as multipart, shows Saving... disabled meanwhile, then toasts and goes to the list', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderCreate();
    await screen.findByLabelText('Title');
    fillValidForm();
    fireEvent.click(submit());
    fireEvent.click(submit());

    await waitFor(() => expect(submit().textContent).toBe('Saving...'));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/packages/create')).toHaveLength(1);
    const body = callsTo(fetchMock, 'POST /api/packages/create')[0]?.[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('Sunset Wedding');
    expect(body.get('price')).toBe('125000.5');
    expect(body.get('category')).toBe(weddings?._id);
    expect(body.get('location')).toBe('Diani');
    expect((body.get('image') as File).name).toBe('photo.png');

    answer(
      jsonResponse(
        {
          success: true,
          message: 'Package created successfully!',
          data: makePackage({ title: 'Sunset Wedding' }),
        },
        201,
      ),
    );
    expect(await screen.findByText('Package created successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/packages'));
  });

  it("puts the server's field errors under their fields and toasts its message", async () => {
    mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () => fieldRefusal('category', 'Please choose an existing category.'),
    });
    renderCreate();
    await screen.findByLabelText('Title');
    fillValidForm();
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getAllByText('Please choose an existing category.')).toHaveLength(2));
    expect(screen.getByLabelText('Category').getAttribute('aria-invalid')).toBe('true');
    expect(submit().textContent).toBe('Create Package');
  });

  it('shows the plan limit with a link to the pricing plans', async () => {
    const limit = 'Your plan allows 3 packages. Please upgrade your plan to publish more.';
    mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () =>
        jsonResponse({ success: false, code: 'PLAN_LIMIT', upgradePrompt: true, message: limit }, 403),
    });
    renderCreate();
    await screen.findByLabelText('Title');
    fillValidForm();
    fireEvent.click(submit());
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('falls back to the generic text when the server sends no message', async () => {
    mockFetch({
      ...signedInAs(planner),
      'POST /api/packages/create': () => new Response('', { status: 502 }),
    });
    renderCreate();
    await screen.findByLabelText('Title');
    fillValidForm();
    fireEvent.click(submit());
    expect(await screen.findByText('Failed to create. Please try again.')).toBeTruthy();
  });
});

describe('PackageForm (edit)', () => {
  /** The edit page of package p1, with the list it goes back to. */
  function renderEditPage() {
    renderWithApp(
      <Routes>
        <Route path="/dashboard/packages/edit/:id" element={<EditPackagePage categories={choices} />} />
        <Route path="/dashboard/packages" element={<p>The list</p>} />
      </Routes>,
      { route: '/dashboard/packages/edit/p1' },
    );
  }

  function renderEdit(
    user = planner,
    pkg = makePackage({ planner: { _id: 'u2', username: 'W', email: 'w@x.co' } }),
  ) {
    const fetchMock = mockFetch({
      ...signedInAs(user),
      'GET /api/packages/p1': () => jsonResponse({ success: true, data: pkg }),
      'PUT /api/packages/update/p1': () =>
        jsonResponse({
          success: true,
          message: 'Package updated successfully!',
          data: { ...pkg, title: 'Renamed' },
        }),
    });
    renderEditPage();
    return fetchMock;
  }

  it('starts from the package, shows its photos, and sends the fields without requiring a new photo', async () => {
    const fetchMock = renderEdit(
      planner,
      makePackage({
        planner: { _id: 'u2', username: 'W', email: 'w@x.co' },
        images: [
          {
            _id: 'i1',
            url: 'http://localhost/uploads/p1.webp',
            thumbnailUrl: 'http://localhost/uploads/p1-thumb.webp',
          },
        ],
      }),
    );
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    expect(title.value).toBe('Garden Wedding');
    expect((screen.getByLabelText('Price (Ksh)') as HTMLInputElement).value).toBe('450000');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(weddings?._id);
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      'http://localhost/uploads/p1-thumb.webp',
    );
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    const body = callsTo(fetchMock, 'PUT /api/packages/update/p1')[0]?.[1]?.body as FormData;
    expect(body.get('title')).toBe('Renamed');
    expect(body.get('image')).toBeNull();
    expect(body.get('removeImages')).toBeNull();
    expect(body.get('imageOrder')).toBeNull();
    expect(await screen.findByText('Package updated successfully!')).toBeTruthy();
  });

  it('removes a photo and makes another the cover in the one save', async () => {
    const images = ['i1', 'i2', 'i3'].map((_id) => ({ _id, url: `http://localhost/uploads/${_id}.webp` }));
    const fetchMock = renderEdit(
      planner,
      makePackage({ planner: { _id: 'u2', username: 'W', email: 'w@x.co' }, images }),
    );
    await screen.findByLabelText('Title');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    const calls = callsTo(fetchMock, 'PUT /api/packages/update/p1');
    expect(calls).toHaveLength(1);
    const body = calls[0]?.[1]?.body as FormData;
    expect(body.get('removeImages')).toBe('i2');
    expect(body.get('imageOrder')).toBe('i3,i1');
  });

  it('replaces the only photo: the first new one takes its place, the next follows on its own', async () => {
    const pkg = makePackage({
      planner: { _id: 'u2', username: 'W', email: 'w@x.co' },
      images: [{ _id: 'i1', url: 'http://localhost/uploads/i1.webp' }],
    });
    const fetchMock = mockFetch({
      ...signedInAs(planner),
      'GET /api/packages/p1': () => jsonResponse({ success: true, data: pkg }),
      'PUT /api/packages/update/p1': () =>
        jsonResponse({ success: true, message: 'Package updated successfully!', data: pkg }),
      'POST /api/packages/p1/images': () =>
        jsonResponse(
          {
            success: true,
            message: 'Photo added.',
            data: { ...pkg, images: [...(pkg.images ?? []), { _id: 'i2', url: 'http://localhost/i2.webp' }] },
          },
          201,
        ),
    });
    renderEditPage();
    await screen.findByLabelText('Title');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [png('a.png'), png('b.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    const puts = callsTo(fetchMock, 'PUT /api/packages/update/p1');
    expect(puts).toHaveLength(1);
    const body = puts[0]?.[1]?.body as FormData;
    expect((body.get('image') as File).name).toBe('a.png');
    expect(body.get('removeImages')).toBeNull();
    const posts = callsTo(fetchMock, 'POST /api/packages/p1/images');
    expect(
      posts
        .map((call) => ((call[1] as RequestInit).body as FormData).get('image') as File)
        .map((f) => f.name),
    ).toEqual(['b.png']);
  });

  it("starts from the package's deposit share and sends a changed one", async () => {
    const fetchMock = renderEdit(
      planner,
      makePackage({ depositPercent: 50, planner: { _id: 'u2', username: 'W', email: 'w@x.co' } }),
    );
    const deposit = (await screen.findByLabelText('Deposit (% of the price)')) as HTMLInputElement;
    expect(deposit.value).toBe('50');
    expect(
      screen.getByText('Clients pay Ksh 225,000 when you accept; the rest is due 7 days before the event.'),
    ).toBeTruthy();
    fireEvent.change(deposit, { target: { value: '100' } });
    expect(
      await screen.findByText('Clients pay the whole price, Ksh 450,000, when you accept.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    const body = callsTo(fetchMock, 'PUT /api/packages/update/p1')[0]?.[1]?.body as FormData;
    expect(body.get('depositPercent')).toBe('100');
  });

  it("tells a planner at once that someone else's package is not theirs to change", async () => {
    renderEdit(makeUser({ _id: 'u9', role: 'planner' }));
    expect(await screen.findByText('You can only change your own packages.')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });

  it('says Package not found. for a missing package', async () => {
    mockFetch({
      ...signedInAs(planner),
      'GET /api/packages/nope': () =>
        jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Package not found.' }, 404),
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard/packages/edit/:id" element={<EditPackagePage categories={choices} />} />
      </Routes>,
      { route: '/dashboard/packages/edit/nope' },
    );
    expect(await screen.findByText('Package not found.')).toBeTruthy();
  });
});
