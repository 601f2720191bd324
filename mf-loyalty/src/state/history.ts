/**
 * Transaction history request (spec §3 "Transaction history request: startDate, endDate,
 * enrollmentStatus"; §7 `POST /api/services/transactionHistory` "body {data: encoded startDate
 * (180 days ago), endDate (today), enrollmentStatus}"; §9 "Transaction history window 180 days").
 */

/** Spec §9 transaction history window, days. */
export const HISTORY_WINDOW_DAYS = 180;

/** A date as YYYY-MM-DD in the shopper's local calendar. */
export function ymd(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** UTF-8 safe base64 of a string. */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin);
}

/** The decoded history request. Dates YYYY-MM-DD. */
export interface HistoryRequest {
  startDate: string;
  endDate: string;
  enrollmentStatus: string | null;
}

/** The 180-day window ending today (pure; `now` in epoch ms). */
export function historyRequest(now: number, enrollmentStatus: string | null): HistoryRequest {
  const end = new Date(now);
  const start = new Date(now);
  start.setDate(start.getDate() - HISTORY_WINDOW_DAYS);
  return { startDate: ymd(start), endDate: ymd(end), enrollmentStatus };
}

/** The request body `{ data: base64(JSON {startDate, endDate, enrollmentStatus}) }` (pure). */
export function historyRequestBody(now: number, enrollmentStatus: string | null): { data: string } {
  return { data: base64(JSON.stringify(historyRequest(now, enrollmentStatus))) };
}
