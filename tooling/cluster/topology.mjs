/**
 * The production topology, as data: which services run in replicas behind the load balancer, on which
 * ports, with which environment and probes. `npm run start:cluster` (./start.mjs) runs it on this
 * machine; the container images (./images/) and Kubernetes manifests (./k8s/) are generated from it
 * (./manifests.mjs), so the two cannot drift.
 *
 *   HAProxy  :8080 (public)  -> edge replicas      :8081..     /readyz
 *            :4000 (internal)-> BFF replicas       :4001..     /readyz   (the edges' BFF_URL)
 *            :4100 (public)  -> identity replicas  :4101..     /readyz   (the OIDC issuer)
 *            :7700 (public)  -> search replicas    :7701..     /readyz   (the browser's search host)
 *   nginx    :3001..3008     the remotes' versioned builds; :4600 the deploy store (the CDN's role)
 *   single   flyer :4300, vendors :4400, loyalty site :4500 (third-party stand-ins, one copy each)
 *   PostgreSQL :5433 (databases bff, identity, search), Redis :6380, control :4700, HAProxy stats :4800
 *   MailDev  SMTP :1025, web inbox and REST API :1080 (the mail catcher; a cluster's SMTP_URL names the grocer's relay)
 * Every port is offset by `offset` (e2e: 10000).
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const registry = createRequire(import.meta.url)('../registry/index.cjs');
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Largest replica count (the replica ports of one service are its public port + 1..9). */
export const MAX_REPLICAS = 9;
/** Databases on the cluster's PostgreSQL, one per service that keeps durable state. */
export const DATABASES = ['bff', 'identity', 'search'];
/** The probes every balanced service answers (ARCHITECTURE: lifecycle). */
export const PROBES = { live: '/livez', ready: '/readyz' };

/**
 * @typedef {object} BalancedService a service in replicas behind HAProxy
 * @property {string} name
 * @property {number} port the balancer's port (and the port a container listens on)
 * @property {number[]} replicaPorts one per replica on this machine
 * @property {string} portEnv the variable that tells a replica its port
 * @property {string[]} command argv after the runtime (node or tsx), relative to the repo root
 * @property {'node'|'tsx'} runtime
 * @property {Record<string,string>} env variables besides `portEnv`
 * @property {boolean} public whether browsers reach it (the edge, the issuer, the search host)
 */

/**
 * The topology for `replicas` copies of each balanced service.
 * @param {{ offset?: number, replicas?: number, searchAdminKey?: string, bffTokenSecret?: string, oidcClientSecret?: string, dataDir?: string, deployDir?: string }} [o]
 *   the secrets are shared by every replica (the launcher keeps them in `<dataDir>/secrets.json`)
 * @returns {{ ports: Record<string, any>, balanced: BalancedService[], singles: Array<{ name: string, port: number, runtime: 'tsx', command: string[], env: Record<string,string> }>,
 *   statics: Array<{ name: string, port: number, root: string, kind: 'remote'|'deploy' }>, urls: { public: string, issuer: string, search: string, database(db: string): string, redis: string, smtp: string, mailInbox: string } }}
 * @throws RangeError when `replicas` is not 1..MAX_REPLICAS
 */
export function clusterTopology({ offset = 0, replicas = 2, searchAdminKey = '', bffTokenSecret = '', oidcClientSecret = '', dataDir = path.join(ROOT, '.data', 'cluster'), deployDir = path.join(ROOT, '.deploy') } = {}) {
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) throw new RangeError(`replicas must be 1..${MAX_REPLICAS}, got ${replicas}`);
  const at = (base) => base + offset;
  const ports = {
    edge: at(8080), bff: at(4000), identity: at(4100), search: at(7700),
    flyer: at(4300), vendors: at(4400), loyaltySite: at(4500), deploy: at(4600),
    control: at(4700), stats: at(4800), postgres: at(5433), redis: at(6380), smtp: at(1025), mailWeb: at(1080),
    remotes: registry.remotePorts(offset, {}),
  };
  const replicaPorts = (port) => Array.from({ length: replicas }, (_, i) => port + 1 + i);
  const local = (port) => `http://localhost:${port}`;
  const urls = {
    public: local(ports.edge),
    issuer: local(ports.identity),
    search: `localhost:${ports.search}`,
    database: (db) => `postgres://storefront@127.0.0.1:${ports.postgres}/${db}`,
    redis: `redis://127.0.0.1:${ports.redis}`,
    smtp: `smtp://127.0.0.1:${ports.smtp}`,
    mailInbox: local(ports.mailWeb),
  };
  // What every process may need to find the others (as the one-copy platform's platformEnv).
  const common = {
    PUBLIC_ORIGIN: urls.public,
    OIDC_ISSUER: urls.issuer,
    OIDC_CLIENT_ID: 'storefront',
    OIDC_BACKCHANNEL_LOGOUT_URI: `http://127.0.0.1:${ports.bff}/api/auth/backchannel-logout`, // a password reset ends storefront sessions
    SEARCH_HOST: urls.search,
    SEARCH_ADMIN_KEY: searchAdminKey,
    FLYER_ORIGIN: local(ports.flyer),
    VENDORS_ORIGIN: local(ports.vendors),
    LOYALTY_SITE_ORIGIN: local(ports.loyaltySite),
    DEPLOY_ORIGIN: local(ports.deploy),
    REDIS_URL: urls.redis,
    SMTP_URL: urls.smtp,
    MAIL_FROM: 'Harbour Market <no-reply@harbour-market.test>',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
  };
  const pick = (...names) => Object.fromEntries(names.map((n) => [n, common[n]]));
  const balanced = [
    {
      name: 'edge', port: ports.edge, portEnv: 'PORT', runtime: 'node', command: ['shell/server/edge.mjs'], public: true,
      env: {
        ...pick('PUBLIC_ORIGIN', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'SEARCH_HOST', 'FLYER_ORIGIN', 'VENDORS_ORIGIN', 'LOYALTY_SITE_ORIGIN', 'DEPLOY_ORIGIN', 'REDIS_URL', 'LOG_LEVEL'),
        BFF_URL: `http://127.0.0.1:${ports.bff}`,
        IDENTITY_ORIGIN: urls.issuer,
        REMOTES_FILE: path.join(dataDir, 'remotes.json'),
        REMOTES_POINTER: path.join(deployDir, 'environments', 'local', 'remotes.json'),
        DRAIN_DELAY_MS: '1000',
      },
    },
    {
      name: 'bff', port: ports.bff, portEnv: 'BFF_PORT', runtime: 'tsx', command: ['services/bff/src/main.ts'], public: false,
      env: { ...pick('PUBLIC_ORIGIN', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'SEARCH_HOST', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY', 'LOG_LEVEL'), DATABASE_URL: urls.database('bff'), PGLITE_DATA_DIR: '', BFF_TOKEN_SECRET: bffTokenSecret, OIDC_CLIENT_SECRET: oidcClientSecret },
    },
    {
      name: 'identity', port: ports.identity, portEnv: 'IDENTITY_PORT', runtime: 'tsx', command: ['services/identity/src/main.ts'], public: true,
      env: { ...pick('PUBLIC_ORIGIN', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_BACKCHANNEL_LOGOUT_URI', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'TRUST_PROXY', 'LOG_LEVEL'), DATABASE_URL: urls.database('identity'), OIDC_CLIENT_SECRET: oidcClientSecret },
    },
    {
      name: 'search-engine', port: ports.search, portEnv: 'SEARCH_PORT', runtime: 'tsx', command: ['services/search-engine/src/main.ts'], public: true,
      env: {
        ...pick('SEARCH_ADMIN_KEY', 'TRUST_PROXY', 'LOG_LEVEL'),
        DATABASE_URL: urls.database('search'),
        SEARCH_SEED_ON_START: '1',
        SEARCH_ALLOWED_ORIGINS: [urls.public, ...Object.values(ports.remotes).map(local)].join(','),
      },
    },
  ].map((s) => ({ ...s, replicaPorts: replicaPorts(s.port) }));
  const singles = [
    { name: 'flyer', port: ports.flyer, portEnv: 'FLYER_PORT', command: ['services/flyer-provider/src/main.ts'], env: { FLYER_ORIGIN: common.FLYER_ORIGIN, FLYER_PUBLIC_ORIGIN: common.FLYER_ORIGIN, FLYER_ALLOWED_HOSTS: urls.public } },
    { name: 'vendors', port: ports.vendors, portEnv: 'VENDORS_PORT', command: ['services/vendors/src/main.ts'], env: { VENDORS_ORIGIN: common.VENDORS_ORIGIN, VENDORS_PUBLIC_ORIGIN: common.VENDORS_ORIGIN, PUBLIC_ORIGIN: urls.public, CONSENT_TOKEN_SECRET: bffTokenSecret } },
    { name: 'loyalty-site', port: ports.loyaltySite, portEnv: 'LOYALTY_SITE_PORT', command: ['services/loyalty-site/src/main.ts'], env: { PUBLIC_ORIGIN: urls.public, LOYALTY_SITE_DATA_FILE: path.join(dataDir, 'loyalty-site', 'registrations.jsonl') } },
  ].map((s) => ({ ...s, env: { ...s.env, LOG_LEVEL: common.LOG_LEVEL }, runtime: 'tsx' }));
  const statics = [
    ...Object.entries(ports.remotes).map(([name, port]) => ({ name, port, root: path.join(ROOT, name, 'dist'), kind: 'remote' })),
    { name: 'deploy', port: ports.deploy, root: deployDir, kind: 'deploy' },
  ];
  return { ports, balanced, singles, statics, urls };
}
