import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './share-button';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShareButton title="Garden Wedding" />
    </MemoryRouter>,
  );
}

const link = () => screen.getByRole('link', { name: 'Share Garden Wedding' });

describe('the Share button', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('without a share sheet, links to WhatsApp with the title and the page’s address, without its query', async () => {
    renderAt('/packages/p1?book=1');
    const url = `${window.location.origin}/packages/p1`;
    await waitFor(() =>
      expect(link().getAttribute('href')).toBe(
        `https://wa.me/?text=${encodeURIComponent(`Garden Wedding on Sherehe ${url}`)}`,
      ),
    );
    expect(link().getAttribute('target')).toBe('_blank');
    expect(link().textContent).toBe('Share');
  });

  it('with a share sheet, opens it with the title and the address instead of following the link', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderAt('/user/u1');
    await waitFor(() => expect(link().getAttribute('href')).toContain(encodeURIComponent('/user/u1')));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link(), click);
    expect(click.defaultPrevented).toBe(true);
    expect(share).toHaveBeenCalledWith({
      title: 'Garden Wedding',
      text: 'Garden Wedding on Sherehe',
      url: `${window.location.origin}/user/u1`,
    });
  });
});
