import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch, signedInAs } from '@/test/fetch-mock';
import { CATEGORIES, makeUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import CategoriesPage from './categories-page';

const admin = makeUser({ role: 'admin' });

describe('CategoriesPage', () => {
  it('shows Access Denied with the role to a planner', async () => {
    mockFetch({
      ...signedInAs(makeUser({ role: 'planner' })),
    });
    renderWithApp(<CategoriesPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText('You need admin permissions to access this page. Your current role is planner.'),
    ).toBeTruthy();
  });

  it('lists the categories and adds one, requiring a name', async () => {
    let categories = [...CATEGORIES];
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/category': () => jsonResponse({ success: true, categories }),
      'POST /api/category/create': (_url, init) => {
        const body = JSON.parse(String(init.body));
        const category = { _id: 'c3', createdAt: '2026-01-01T00:00:00.000Z', ...body };
        categories = [...categories, category];
        return jsonResponse({ success: true, message: 'Category created successfully!', category }, 201);
      },
    });
    renderWithApp(<CategoriesPage />);
    expect(await screen.findByRole('heading', { name: 'Weddings' })).toBeTruthy();
    expect(screen.getByText('Weddings and ruracios')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/category/create')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anniversaries' } });
    fireEvent.change(screen.getByLabelText('Name in Kiswahili (optional)'), {
      target: { value: 'Maadhimisho' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category created successfully!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Anniversaries' })).toBeTruthy();
    expect(screen.getByText('Maadhimisho').getAttribute('lang')).toBe('sw');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/category/create')[0]?.[1]?.body))).toEqual({
      name: 'Anniversaries',
      nameSw: 'Maadhimisho',
      description: '',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows a name that is taken under the name', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/category': () => jsonResponse({ success: true, categories: CATEGORIES }),
      'POST /api/category/create': () =>
        jsonResponse(
          { success: false, code: 'CONFLICT', message: 'A category with this name already exists.' },
          409,
        ),
    });
    renderWithApp(<CategoriesPage />);
    await screen.findByRole('heading', { name: 'Weddings' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'weddings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    await waitFor(() =>
      expect(screen.getAllByText('A category with this name already exists.')).toHaveLength(2),
    );
  });

  it('renames in a dialog and refuses to delete a category in use with the server message', async () => {
    const fetchMock = mockFetch({
      ...signedInAs(admin),
      'GET /api/category': () => jsonResponse({ success: true, categories: CATEGORIES }),
      'PUT /api/category/update/11111111-1111-4111-8111-111111111111': (_url, init) =>
        jsonResponse({
          success: true,
          message: 'Category updated successfully!',
          category: { ...CATEGORIES[0], ...JSON.parse(String(init.body)) },
        }),
      'DELETE /api/category/delete/11111111-1111-4111-8111-111111111111': () =>
        jsonResponse(
          {
            success: false,
            code: 'CONFLICT',
            message: 'This category is used by packages. Move or delete them first.',
          },
          409,
        ),
    });
    renderWithApp(<CategoriesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Weddings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Weddings');
    fireEvent.change(name, { target: { value: 'Weddings & Ruracios' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Category updated successfully!')).toBeTruthy();
    expect(
      JSON.parse(
        String(
          callsTo(fetchMock, 'PUT /api/category/update/11111111-1111-4111-8111-111111111111')[0]?.[1]?.body,
        ),
      ),
    ).toEqual({ name: 'Weddings & Ruracios', nameSw: '', description: 'Weddings and ruracios' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Weddings' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete category' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('This category is used by packages. Move or delete them first.'),
    ).toBeTruthy();
  });

  it('says Failed to load categories with Try Again', async () => {
    mockFetch({
      ...signedInAs(admin),
      'GET /api/category': () => jsonResponse({ success: false, code: 'INTERNAL', message: 'x' }, 500),
    });
    renderWithApp(<CategoriesPage />);
    expect(await screen.findByText('Failed to load categories. Please refresh the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
