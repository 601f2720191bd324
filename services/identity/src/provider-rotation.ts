/**
 * The provider of the moment: built from the configuration and a key set, and — with a database — rebuilt
 * when the shared key set changes (rotation by another replica), checked every `keyPolicy.refreshS`,
 * which also deletes expired provider rows.
 */
import Provider, { type Configuration } from 'oidc-provider';
import type { Pool } from 'pg';
import { FormTokens } from './form-tokens';
import { loadKeys, sameKeys, type KeyPolicy, type KeySet } from './keys';
import { errorFields, type Logger } from './log';
import { pruneExpired } from './pg-adapter';

/** A provider with its keys, its request handler and the form tokens keyed by its cookie keys. */
export interface CurrentProvider {
  provider: Provider;
  callback: ReturnType<Provider['callback']>;
  keys: KeySet;
  tokens: FormTokens;
}

export interface ProviderRotationOptions {
  issuer: string;
  configuration: Configuration;
  /** Behind trusted proxies, X-Forwarded-Proto/Host say whether the shopper used https (secure cookies). */
  trustProxies: boolean;
  logger: Logger;
  keys: KeySet;
  /** Without a pool the keys never change (one process, keys made at start). */
  pool?: Pool;
  keyPolicy: KeyPolicy;
}

export class ProviderRotation {
  current: CurrentProvider;
  private tick: Promise<void> | undefined;
  private readonly maintenance: NodeJS.Timeout | undefined;

  constructor(private readonly o: ProviderRotationOptions) {
    this.current = this.build(o.keys);
    const { pool, keyPolicy } = o;
    if (pool) {
      this.maintenance = setInterval(() => {
        this.tick ??= this.refresh(pool);
      }, keyPolicy.refreshS * 1000);
      this.maintenance.unref();
    }
  }

  /** Stops the periodic refresh. */
  stop(): void {
    clearInterval(this.maintenance);
  }

  /** Resolves once a refresh in progress has ended. */
  async idle(): Promise<void> {
    await this.tick;
  }

  /** A provider signing with `set.signing[0]`, publishing all of `set.signing`. */
  private build(set: KeySet): CurrentProvider {
    const { issuer, configuration, trustProxies, logger } = this.o;
    const p = new Provider(issuer, { ...configuration, jwks: { keys: set.signing }, cookies: { keys: set.cookieKeys } });
    p.proxy = trustProxies;
    // Every id token names its provider session (`sid`, as OpenID Connect Front-/Back-Channel Logout
    // define it). Without it two id tokens of one shopper issued in the same second — one before a
    // sign-out, one after the next sign-in — can be identical, and a relying party that refuses the
    // ended session's tokens by `iat` (whole seconds) refuses the new one too; with it, it can refuse
    // exactly the ended session. oidc-provider includes `sid` only for back-channel logout clients.
    p.Client.prototype.includeSid = () => true;
    p.on('server_error', (_ctx, err) => logger('error', { msg: 'provider server_error', ...errorFields(err) }));
    return { provider: p, callback: p.callback(), keys: set, tokens: new FormTokens(set.cookieKeys) };
  }

  /** Rotates/reloads the keys (rebuilding the provider when they changed) and deletes expired provider rows. */
  private async refresh(db: Pool): Promise<void> {
    const { keyPolicy, logger } = this.o;
    try {
      const next = await loadKeys(db, keyPolicy);
      if (!sameKeys(next, this.current.keys)) {
        this.current = this.build(next);
        logger('info', { msg: 'signing keys reloaded', signingKid: next.signing[0]?.kid, published: next.signing.length });
      }
      await pruneExpired(db);
    } catch (err) {
      logger('warn', { msg: 'key refresh failed; keeping the current keys', ...errorFields(err) });
    } finally {
      this.tick = undefined;
    }
  }
}
