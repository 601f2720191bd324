/**
 * Decoding of the transactionHistory request (spec §3 "Transaction history request: startDate, endDate,
 * enrollmentStatus"; §7 "body {data: encoded startDate (180 days ago), endDate (today), enrollmentStatus}";
 * §9 window 180 days). `data` is base64 (standard or URL-safe alphabet) of a JSON object.
 */
import { HttpError } from '../http';

/** Longest accepted window, days (spec §9). */
export const HISTORY_WINDOW_DAYS = 180;

const DAY_MS = 86_400_000;

/** The decoded request. Dates are calendar dates 'YYYY-MM-DD'. */
export interface HistoryRequest {
  startDate: string;
  endDate: string;
  enrollmentStatus: string;
}

/** Epoch ms of a valid 'YYYY-MM-DD' calendar date (UTC midnight), or null. */
function parseDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

/** 'YYYY-MM-DD' of epoch ms in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const bad = (reason: string) => new HttpError(400, `Invalid body.data: ${reason}`);

/**
 * Decodes and checks `data`. Rules: base64 of a JSON object; startDate and endDate valid 'YYYY-MM-DD'
 * dates; endDate ≥ startDate; endDate − startDate ≤ 180 days; endDate not after tomorrow (UTC, which
 * leaves room for the shopper's time zone); enrollmentStatus a string of 1–32 characters.
 * The spec's request (180 days ago → today) always passes.
 * @param nowMs current time, ms
 * @throws HttpError 400 'Invalid body.data: <reason>'
 */
export function parseHistoryRequest(data: string, nowMs: number): HistoryRequest {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(data)) throw bad('must be base64-encoded JSON');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    throw bad('must be base64-encoded JSON');
  }
  if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) throw bad('must encode a JSON object');
  const { startDate, endDate, enrollmentStatus } = decoded as Record<string, unknown>;
  const start = parseDate(startDate);
  if (start === null) throw bad('startDate must be a date YYYY-MM-DD');
  const end = parseDate(endDate);
  if (end === null) throw bad('endDate must be a date YYYY-MM-DD');
  if (end < start) throw bad('endDate must not be before startDate');
  if ((end - start) / DAY_MS > HISTORY_WINDOW_DAYS) throw bad(`the window must not exceed ${HISTORY_WINDOW_DAYS} days`);
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate());
  if (end > today + DAY_MS) throw bad('endDate must not be in the future');
  if (typeof enrollmentStatus !== 'string' || enrollmentStatus.length < 1 || enrollmentStatus.length > 32) {
    throw bad('enrollmentStatus must be a string of 1-32 characters');
  }
  return { startDate: startDate as string, endDate: endDate as string, enrollmentStatus };
}
