import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('keeps an answer until it expires', () => {
    let now = 1000;
    const cache = new ReadCache<string>(5000, 10, () => now);
    cache.set('/a', 'A', cache.generation);
    expect(cache.get('/a')).toBe('A');
    now += 4999;
    expect(cache.get('/a')).toBe('A');
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops everything on a write, and never keeps an answer read before that write', () => {
    const cache = new ReadCache<string>(5000, 10);
    cache.set('/a', 'A', cache.generation);
    const since = cache.generation;
    cache.invalidate();
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/b', 'read before the write', since);
    expect(cache.get('/b')).toBeUndefined();
    cache.set('/b', 'read after the write', cache.generation);
    expect(cache.get('/b')).toBe('read after the write');
  });

  it('holds at most maxEntries, the oldest leaving first', () => {
    const cache = new ReadCache<number>(5000, 3);
    for (const n of [1, 2, 3, 4]) cache.set(`/${n}`, n, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/4')).toBe(4);
  });

  it('holds entries within their weight, the oldest leaving first, and none heavier than all', () => {
    const cache = new ReadCache<number[]>(5000, 10, Date.now, (rows) => rows.length, 5);
    cache.set('/a', [1, 2], cache.generation);
    cache.set('/b', [1, 2], cache.generation);
    expect(cache.weight).toBe(4);
    cache.set('/c', [1, 2, 3], cache.generation);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toEqual([1, 2]);
    expect(cache.get('/c')).toEqual([1, 2, 3]);
    expect(cache.weight).toBe(5);
    cache.set('/d', [1, 2, 3, 4, 5, 6], cache.generation);
    expect(cache.get('/d')).toBeUndefined();
    expect(cache.get('/c')).toEqual([1, 2, 3]);
    cache.invalidate();
    expect(cache.weight).toBe(0);
  });
});
