/**
 * Shared timing of the BFF benches (list read, offers fetch): sequential GETs over loopback, timed from
 * the request to the last byte of the body, after a warm-up. Figures only; nothing is asserted.
 */
import { randomUUID } from 'crypto';

/** Nearest-rank percentile (p in 0–100) of ascending values. */
export function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Times `requests` sequential GETs of `url` (after `warmup` untimed ones). A request with an `x-nonce`
 * gets a fresh one each time (nonces are single-use, as the storefront's callBff sends them).
 * @returns p50 and p95 in ms
 * @throws Error when an answer is not 200 (with the start of its body)
 */
export async function timeGets(url: string, headers: Record<string, string>, { warmup = 20, requests = 200 } = {}): Promise<{ p50: number; p95: number; requests: number }> {
  const read = async (): Promise<number> => {
    const sent = 'x-nonce' in headers ? { ...headers, 'x-nonce': `nonce-${randomUUID()}` } : headers;
    const start = performance.now();
    const res = await fetch(url, { headers: sent });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${text.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await read());
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), requests };
}
