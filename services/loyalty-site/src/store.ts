/**
 * Registrations of the loyalty site, kept durably in a JSON-lines file (one registration a line,
 * appended synchronously, read back on start): a restart keeps them. One account per email address.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Registration } from './validation';

/** A stored registration. */
export interface StoredRegistration extends Registration {
  /** ISO 8601 time of registration. */
  registeredAt: string;
}

/** The registrations store. */
export interface RegistrationStore {
  /** Whether an account exists for `email` (lower case). */
  has(email: string): boolean;
  /** Stores a registration (the caller checked {@link has}). @throws on a file system error */
  add(r: Registration, now?: Date): StoredRegistration;
  count(): number;
}

/** Opens (creating its folder) the store at `file`; unreadable lines are skipped. */
export function openStore(file: string): RegistrationStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const emails = new Set<string>();
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as Partial<StoredRegistration>;
        if (typeof r.email === 'string') emails.add(r.email);
      } catch { /* a torn last line: skipped */ }
    }
  }
  return {
    has: (email) => emails.has(email),
    add(r, now = new Date()) {
      const stored: StoredRegistration = { ...r, registeredAt: now.toISOString() };
      fs.appendFileSync(file, `${JSON.stringify(stored)}\n`);
      emails.add(r.email);
      return stored;
    },
    count: () => emails.size,
  };
}
