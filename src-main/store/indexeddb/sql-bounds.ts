import FDBKeyRange from './FDBKeyRange';
import { encodeKey } from './key-codec';
import type { Key } from './types';

/**
 * Where a read starts or stops, as encoded keys. An object store's records are ordered by key; an index's
 * entries by key and then primary key. A bound on the key alone is written with `pk` 'min' or 'max': "key ≥ K"
 * is "(key, pk) ≥ (K, min)", "key > K" is "(key, pk) > (K, max)", and the same for upper bounds.
 * Several bounds on one side (the range, a cursor's position, a `continue` key) are narrowed to the tightest
 * here, so that SQLite gets one range to seek instead of filtering from the start of the widest.
 */
export interface Bound {
  key: Buffer;
  pk: Buffer | 'min' | 'max';
  /** For a bound with a primary key: whether the bound itself is left out. */
  open: boolean;
}

export interface Bounds {
  lower: Bound | null;
  upper: Bound | null;
}

const rank = (bound: Bound) => (bound.pk === 'min' ? 0 : bound.pk === 'max' ? 2 : 1);

/** Orders two lower bounds (or two upper bounds) by where they cut the keys; `open` decides a tie. */
function compareBounds(a: Bound, b: Bound, side: 'lower' | 'upper'): number {
  const byKey = Buffer.compare(a.key, b.key);
  if (byKey !== 0) return byKey;
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (typeof a.pk === 'string' || typeof b.pk === 'string') return 0;
  const byPk = Buffer.compare(a.pk, b.pk);
  if (byPk !== 0) return byPk;
  if (a.open === b.open) return 0;
  // An open lower bound starts after a closed one; an open upper bound stops before a closed one.
  return (a.open ? 1 : -1) * (side === 'lower' ? 1 : -1);
}

export function tightest(bounds: (Bound | null)[], side: 'lower' | 'upper'): Bound | null {
  let best: Bound | null = null;
  for (const bound of bounds) {
    if (!bound) continue;
    if (!best) best = bound;
    else {
      const order = compareBounds(bound, best, side);
      if (side === 'lower' ? order > 0 : order < 0) best = bound;
    }
  }
  return best;
}

export const lowerKey = (key: Key, open: boolean): Bound => ({
  key: encodeKey(key),
  pk: open ? 'max' : 'min',
  open,
});

export const upperKey = (key: Key, open: boolean): Bound => ({
  key: encodeKey(key),
  pk: open ? 'min' : 'max',
  open,
});

/** The bounds of a key range (none for everything). */
export function rangeBounds(range: FDBKeyRange | undefined): Bounds {
  if (!range) return { lower: null, upper: null };
  return {
    lower: range.lower === undefined ? null : lowerKey(range.lower, range.lowerOpen),
    upper: range.upper === undefined ? null : upperKey(range.upper, range.upperOpen),
  };
}

export const asRange = (query: FDBKeyRange | Key): FDBKeyRange =>
  query instanceof FDBKeyRange ? query : FDBKeyRange.only(query);

/** SQL conditions and their parameters for the bounds; `withPk` for an index's entries. */
export function boundsSql(bounds: Bounds, withPk: boolean): { sql: string; params: Buffer[] } {
  const parts: string[] = [];
  const params: Buffer[] = [];
  const { lower, upper } = bounds;
  if (lower) {
    if (lower.pk === 'min') parts.push('key >= ?');
    else if (lower.pk === 'max' || !withPk) parts.push('key > ?');
    else parts.push(lower.open ? '(key, pk) > (?, ?)' : '(key, pk) >= (?, ?)');
    params.push(lower.key);
    if (withPk && typeof lower.pk !== 'string') params.push(lower.pk);
  }
  if (upper) {
    if (upper.pk === 'max') parts.push('key <= ?');
    else if (upper.pk === 'min' || !withPk) parts.push('key < ?');
    else parts.push(upper.open ? '(key, pk) < (?, ?)' : '(key, pk) <= (?, ?)');
    params.push(upper.key);
    if (withPk && typeof upper.pk !== 'string') params.push(upper.pk);
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), params };
}
