/**
 * Structured logs: one JSON object per line, `{ time, level, service: 'identity', msg?, ... }`.
 * Request lines carry `reqId, method, path, status, ms` (path without the query: it may hold codes).
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';

/** Log levels, lowest first. */
export type LogLevel = 'info' | 'warn' | 'error';

/** Writes one log line (a JSON object). */
export type Logger = (level: LogLevel, fields: Record<string, unknown>) => void;

/** A logger writing JSON lines to stdout (info) and stderr (warn, error). */
export const jsonLogger: Logger = (level, fields) => {
  const line = JSON.stringify({ time: new Date().toISOString(), level, service: 'identity', ...fields });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
};

const RANK: Record<string, number> = { trace: 0, debug: 0, info: 0, warn: 1, error: 2, fatal: 2, silent: 3 };

/**
 * {@link jsonLogger} dropping lines below LOG_LEVEL (pino's names: trace/debug/info → everything,
 * warn, error/fatal, silent → nothing; default info).
 * @throws Error for another name
 */
export function loggerForLevel(level: string | undefined): Logger {
  const name = (level || 'info').toLowerCase();
  const min = RANK[name];
  if (min === undefined) throw new Error(`LOG_LEVEL must be one of ${Object.keys(RANK).join(', ')}, not '${level}'`);
  return (lineLevel, fields) => {
    if (RANK[lineLevel]! >= min) jsonLogger(lineLevel, fields);
  };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = () => undefined;

/** An error as log fields: `{ err: message, code?, stack? }`. */
export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { err: err.message, ...((err as { code?: unknown }).code ? { code: (err as { code?: unknown }).code } : {}), stack: err.stack };
  return { err: String(err) };
}

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id: the incoming `x-request-id` when it is 1–128 characters of `[A-Za-z0-9._-]`,
 * else a new random UUID.
 */
export function requestIdOf(req: http.IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
}
