import { DEMO, expect, expectAccessible, test, uniqueSuffix } from '../fixtures';
import { createPackage } from './helpers/bookings';
import { pngFile } from './helpers/png';

test.describe('package photos on a phone @mobile', () => {
  test('a planner adds two photos to a package; its page shows them in a gallery whose thumbnails switch the big photo', async ({
    page,
    loginAs,
  }) => {
    await loginAs(DEMO.planner);
    // A package of this test's own (with its cover), so parallel tests change nothing it reads.
    const title = `Photo Safari ${uniqueSuffix()}`;
    const { _id: id } = await createPackage(page.request, {
      title,
      description: 'A day of photographs in the Maasai Mara.',
      price: '80000',
      location: 'Narok',
      image: pngFile('cover.png', [194, 65, 12]),
    });

    try {
      await page.goto(`/dashboard/packages/edit/${id}`);
      await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await expect(page.getByText('1 of 8 photos')).toBeVisible();
      await page
        .getByLabel('Add photos')
        .setInputFiles([pngFile('lake.png', [21, 94, 117]), pngFile('sunset.png', [234, 179, 8])]);
      await expect(page.getByRole('img', { name: 'Photo 3' })).toBeVisible();
      await expect(page.getByText('3 of 8 photos')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Package updated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/packages$/);

      await page.goto(`/packages/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const gallery = page.getByRole('region', { name: 'Photos of this package' });
      const big = gallery.getByRole('img', { name: `${title}: photo 1 of 3` });
      await expect(big).toBeVisible();
      const cover = await big.getAttribute('src');
      expect(cover).toMatch(/\/uploads\/.+\.webp$/);
      await expect(gallery.getByRole('button', { name: /^Show photo \d of 3$/ })).toHaveCount(3);
      await expectAccessible(page);

      await gallery.getByRole('button', { name: 'Show photo 3 of 3' }).tap();
      const third = gallery.getByRole('img', { name: `${title}: photo 3 of 3` });
      await expect(third).toBeVisible();
      await expect(third).not.toHaveAttribute('src', cover as string);
      await expect(gallery.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      // The big photo's file is really there.
      const served = await page.request.get((await third.getAttribute('src')) as string);
      expect(served.headers()['content-type']).toBe('image/webp');
      await expectAccessible(page);

      // The Kiswahili page has the same gallery, in Kiswahili.
      await page.goto(`/sw/packages/${id}`);
      const picha = page.getByRole('region', { name: 'Picha za kifurushi hiki' });
      await expect(picha.getByRole('button', { name: 'Onyesha picha ya 2 kati ya 3' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await page.request.delete(`/api/packages/delete/${id}`);
    }
  });
});
