/**
 * oidc-provider's storage on PostgreSQL: every model (Session, Interaction, Grant, AuthorizationCode,
 * AccessToken …) is a row of `oidc_payloads(id, type, payload jsonb, grant_id, user_code, uid,
 * expires_at, consumed_at)`. Expired rows are treated as absent and deleted by {@link pruneExpired}.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';

/** Models whose rows are removed by revokeByGrantId (as in oidc-provider's memory adapter). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode']);

const LIVE = '(expires_at IS NULL OR expires_at > now())';

interface Row {
  payload: AdapterPayload;
  consumed: boolean;
}

const payloadOf = (rows: Row[]): AdapterPayload | undefined => {
  const row = rows[0];
  if (!row) return undefined;
  return row.consumed ? { ...row.payload, consumed: true } : row.payload;
};

/** One model's storage. */
class PgAdapter implements Adapter {
  constructor(private readonly pool: Pool, private readonly type: string) {}

  /** Stores `payload` under `id`; `expiresIn` in seconds (none = never expires). */
  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const grantId = GRANTABLE.has(this.type) && typeof payload.grantId === 'string' ? payload.grantId : null;
    await this.pool.query(
      `INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::double precision IS NULL THEN NULL ELSE now() + make_interval(secs => $7::double precision) END)
       ON CONFLICT (id, type) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [id, this.type, JSON.stringify(payload), grantId, payload.userCode ?? null, payload.uid ?? null, typeof expiresIn === 'number' ? expiresIn : null],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads WHERE id = $1 AND type = $2 AND ${LIVE}`, [id, this.type]);
    return payloadOf(rows);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads WHERE uid = $1 AND type = $2 AND ${LIVE} LIMIT 1`, [uid, this.type]);
    return payloadOf(rows);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads WHERE user_code = $1 AND type = $2 AND ${LIVE} LIMIT 1`, [userCode, this.type]);
    return payloadOf(rows);
  }

  async consume(id: string): Promise<void> {
    await this.pool.query('UPDATE oidc_payloads SET consumed_at = now() WHERE id = $1 AND type = $2', [id, this.type]);
  }

  async destroy(id: string): Promise<void> {
    await this.pool.query('DELETE FROM oidc_payloads WHERE id = $1 AND type = $2', [id, this.type]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.pool.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
  }
}

/**
 * The `adapter` option of oidc-provider's configuration for `pool`.
 * @example new Provider(issuer, { adapter: pgAdapterFactory(pool), ... })
 */
export function pgAdapterFactory(pool: Pool): AdapterFactory {
  return (model: string) => new PgAdapter(pool, model);
}

/**
 * Deletes rows that expired more than `graceS` seconds ago (default 0).
 * @returns the number of rows deleted
 */
export async function pruneExpired(pool: Pool, graceS = 0): Promise<number> {
  const { rowCount } = await pool.query(`DELETE FROM oidc_payloads WHERE expires_at < now() - make_interval(secs => $1::double precision)`, [graceS]);
  return rowCount ?? 0;
}
