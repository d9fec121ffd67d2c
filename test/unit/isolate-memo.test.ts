import { describe, expect, it } from 'vitest';
import { IsolateMemo } from '../../src/lib/isolate-memo';

describe('IsolateMemo', () => {
  it('finds an entry until its deadline, and not after', () => {
    const memo = new IsolateMemo<string>(10);
    memo.set('a', 'kept', 1_000);
    expect(memo.get('a', 999)).toBe('kept');
    expect(memo.get('a', 1_000)).toBeUndefined();
    expect(memo.get('a', 10)).toBeUndefined();
  });

  it('keeps at most max entries, dropping the oldest first', () => {
    const memo = new IsolateMemo<number>(4);
    for (let i = 0; i < 6; i++) memo.set(`k${i}`, i, Infinity);
    expect([0, 1, 2, 3, 4, 5].map((i) => memo.get(`k${i}`, 0))).toEqual([undefined, undefined, 2, 3, 4, 5]);
  });

  it('keeps an entry that is found while others come and go', () => {
    const memo = new IsolateMemo<number>(8);
    memo.set('hot', 1, Infinity);
    for (let i = 0; i < 1_000; i++) {
      memo.set(`cold${i}`, i, Infinity);
      if (i % 4 === 0) expect(memo.get('hot', 0)).toBe(1);
    }
    expect(memo.get('hot', 0)).toBe(1);
    expect(memo.get('cold0', 0)).toBeUndefined();
  });

  it('drops an entry found long ago before one found lately', () => {
    const memo = new IsolateMemo<number>(4);
    for (const key of ['a', 'b', 'c', 'd']) memo.set(key, 0, Infinity);
    // 'a' is the oldest; found now, it is moved past the others.
    expect(memo.get('a', 0)).toBe(0);
    memo.set('e', 0, Infinity);
    expect(memo.get('b', 0)).toBeUndefined();
    expect(memo.get('a', 0)).toBe(0);
  });

  it('replaces a value set again', () => {
    const memo = new IsolateMemo<number>(4);
    memo.set('a', 1, Infinity);
    memo.set('a', 2, Infinity);
    expect(memo.get('a', 0)).toBe(2);
  });
});
