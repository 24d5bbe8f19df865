import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePackage } from '@/test/fixtures';
import { PackageGallery } from './package-gallery';

const images = ['a', 'b', 'c'].map((name) => ({
  _id: name,
  url: `http://localhost/uploads/${name}.webp`,
  thumbnailUrl: `http://localhost/uploads/${name}-thumb.webp`,
}));

describe('PackageGallery', () => {
  it('shows the cover big and switches to the photo whose button is pressed', () => {
    render(<PackageGallery pkg={makePackage({ images })} sizes="100vw" />);
    const big = () => screen.getByTestId('gallery-main');
    expect(big().getAttribute('src')).toBe(images[0]!.url);
    expect(big().getAttribute('alt')).toBe('Garden Wedding: photo 1 of 3');
    expect(big().getAttribute('width')).toBeTruthy();
    const second = screen.getByRole('button', { name: 'Show photo 2 of 3' });
    expect(second.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(second);
    expect(big().getAttribute('src')).toBe(images[1]!.url);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    // The thumbnails below the fold wait until they are near.
    for (const thumb of screen.getAllByRole('button').map((button) => button.querySelector('img')!)) {
      expect(thumb.getAttribute('loading')).toBe('lazy');
      expect(thumb.getAttribute('height')).toBe('80');
    }
  });

  it('shows a single photo as the package image, with no buttons', () => {
    render(<PackageGallery pkg={makePackage({ images: images.slice(0, 1) })} sizes="100vw" />);
    expect(screen.getByRole('img', { name: 'Garden Wedding' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
