/**
 * The k smallest items of `items` under `cmp`, in order, without sorting the whole array when k is
 * small (bounded insertion into a sorted buffer: O(n) for items that do not make the cut).
 */
export function topK<T>(items: ArrayLike<T>, k: number, cmp: (a: T, b: T) => number): T[] {
  const n = items.length;
  if (k <= 0 || n === 0) return [];
  if (k * 4 >= n) {
    const all = Array.from(items);
    all.sort(cmp);
    return all.slice(0, k);
  }
  const buf: T[] = [];
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (buf.length === k && cmp(item, buf[k - 1]) >= 0) continue;
    // binary search for the insertion point (after equal items, so the order is stable)
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(buf[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    buf.splice(lo, 0, item);
    if (buf.length > k) buf.pop();
  }
  return buf;
}
