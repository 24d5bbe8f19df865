import { describe, expect, it } from 'vitest';
import { pageInfo, pageWindow, UNPAGED_LIMIT } from './paging';

describe('paging', () => {
  it('pages only when asked, with the default size for a page alone', () => {
    expect(pageWindow({}, { defaultSize: 6 })).toEqual({
      paged: false,
      page: 1,
      size: UNPAGED_LIMIT,
      limit: UNPAGED_LIMIT,
      offset: 0,
    });
    expect(pageWindow({ page: 3 }, { defaultSize: 6 })).toMatchObject({ paged: true, limit: 6, offset: 12 });
    expect(pageWindow({ limit: 4 }, { defaultSize: 6 })).toMatchObject({ paged: true, page: 1, limit: 4 });
    expect(pageWindow({}, { defaultSize: 20, alwaysPaged: true })).toMatchObject({ paged: true, limit: 20 });
  });

  it('counts pages, one at least', () => {
    const window = pageWindow({ page: 2, limit: 10 }, { defaultSize: 6 });
    expect(pageInfo(window, 0)).toEqual({ total: 0, page: 2, pages: 1 });
    expect(pageInfo(window, 10)).toEqual({ total: 10, page: 2, pages: 1 });
    expect(pageInfo(window, 11)).toEqual({ total: 11, page: 2, pages: 2 });
  });
});
