/**
 * Fixed-size bitsets over internal document numbers (docId), used so that filters are word-wise set
 * operations instead of per-record walks.
 */
export type Bits = Uint32Array;

/** A bitset able to hold docIds 0..size-1, all clear. */
export function newBits(size: number): Bits {
  return new Uint32Array((size + 31) >>> 5);
}

export function setBit(b: Bits, i: number): void {
  b[i >>> 5] |= 1 << (i & 31);
}

export function clearBit(b: Bits, i: number): void {
  b[i >>> 5] &= ~(1 << (i & 31));
}

export function hasBit(b: Bits, i: number): boolean {
  return (b[i >>> 5] & (1 << (i & 31))) !== 0;
}

/** a AND b, as a new bitset of a's size. */
export function and(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) out[i] = a[i] & b[i];
  return out;
}

/** a OR b, as a new bitset of a's size. */
export function or(a: Bits, b: Bits): Bits {
  const out = a.slice();
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) out[i] |= b[i];
  return out;
}

/** universe AND NOT a, as a new bitset. */
export function andNot(universe: Bits, a: Bits): Bits {
  const out = universe.slice();
  const n = Math.min(a.length, out.length);
  for (let i = 0; i < n; i++) out[i] &= ~a[i];
  return out;
}
