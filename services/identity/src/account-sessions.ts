/**
 * Ending every provider session of one shopper (after a password reset): oidc-provider's `Session` rows
 * of the account (the browsers' sign-ins), its `Grant` rows and every token of those grants (refresh
 * and access tokens, codes). A relying party refreshing with such a refresh token gets `invalid_grant`.
 *
 * With PostgreSQL it is one DELETE over `oidc_payloads`; in memory, oidc-provider's own memory adapter
 * wrapped to remember which Session and Grant ids belong to which account.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';

/** Ends a shopper's provider sessions. */
export interface AccountSessions {
  /** Deletes the account's sessions, grants and their tokens. @returns how many sessions and grants ended */
  revokeAccount(uid: string): Promise<number>;
}

/** The sessions and grants in `oidc_payloads` (pg-adapter.ts). */
export class PgAccountSessions implements AccountSessions {
  constructor(private readonly pool: Pool) {}

  async revokeAccount(uid: string): Promise<number> {
    const { rows } = await this.pool.query<{ type: string }>(
      `WITH owned AS (
         SELECT id, type FROM oidc_payloads WHERE type IN ('Session', 'Grant') AND payload->>'accountId' = $1
       ), tokens AS (
         DELETE FROM oidc_payloads WHERE grant_id IN (SELECT id FROM owned WHERE type = 'Grant')
       )
       DELETE FROM oidc_payloads p USING owned o WHERE p.id = o.id AND p.type = o.type RETURNING p.type`, [uid]);
    return rows.length;
  }
}

type MemoryFactory = (clockTolerance?: number) => AdapterFactory;
// oidc-provider's memory adapter (the one it uses when given none); the package has no `exports` map.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createMemoryAdapter } = require('oidc-provider/lib/adapters/memory_adapter.js') as { createMemoryAdapter: MemoryFactory };

const TRACKED = new Set(['Session', 'Grant']);

/**
 * oidc-provider's memory adapter (one process) that also knows each account's Session and Grant ids.
 * Use {@link MemoryAccountSessions.factory} as the provider's `adapter`.
 */
export class MemoryAccountSessions implements AccountSessions {
  private readonly inner = createMemoryAdapter();
  /** accountId → `Model:id` of its sessions and grants (stale entries are harmless: destroy of a gone id does nothing). */
  private readonly byAccount = new Map<string, Set<string>>();

  readonly factory: AdapterFactory = (model: string) => {
    const adapter = this.inner(model);
    if (!TRACKED.has(model)) return adapter;
    const forget = (id: string) => {
      for (const [account, ids] of this.byAccount) if (ids.delete(`${model}:${id}`) && !ids.size) this.byAccount.delete(account);
    };
    const tracked: Adapter = {
      upsert: async (id: string, payload: AdapterPayload, expiresIn: number) => {
        await adapter.upsert(id, payload, expiresIn);
        if (typeof payload.accountId !== 'string') return;
        const ids = this.byAccount.get(payload.accountId) ?? new Set<string>();
        ids.add(`${model}:${id}`);
        this.byAccount.set(payload.accountId, ids);
      },
      find: (id) => adapter.find(id),
      findByUid: (uid) => adapter.findByUid(uid),
      findByUserCode: (code) => adapter.findByUserCode(code),
      consume: (id) => adapter.consume(id),
      revokeByGrantId: (grantId) => adapter.revokeByGrantId(grantId),
      destroy: async (id) => {
        await adapter.destroy(id);
        forget(id);
      },
    };
    return tracked;
  };

  async revokeAccount(uid: string): Promise<number> {
    const ids = [...(this.byAccount.get(uid) ?? [])];
    this.byAccount.delete(uid);
    let ended = 0;
    for (const entry of ids) {
      const [model, id] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
      const adapter = this.inner(model);
      if (!(await adapter.find(id))) continue;
      if (model === 'Grant') await adapter.revokeByGrantId(id);
      await adapter.destroy(id);
      ended += 1;
    }
    return ended;
  }
}
