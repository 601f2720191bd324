/**
 * `/config.json`: the `RuntimeConfig` (shared-events) the shell passes every remote as `customProps.config`.
 * Served by the edge; pointing the site at real Algolia or another BFF is a change there, not in code.
 */
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { reportShellError, SHELL_ERRORS } from './errors';

/**
 * Where the shell signs shoppers in: any OpenID Connect provider, by configuration.
 * Locally `{ issuer: 'http://localhost:4100', clientId: 'storefront' }` (services/identity).
 */
export interface OidcConfig {
  /** The provider's issuer URL (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  /** The public client registered for the storefront (authorization code + PKCE, no secret). */
  clientId: string;
}

/**
 * The shell's view of `/config.json`: shared-events' `RuntimeConfig` plus the optional `oidc` block the
 * edge adds (OIDC_ISSUER / OIDC_CLIENT_ID). Without `oidc`, sign-in is unavailable and the shopper stays
 * anonymous. Remotes receive the same object and may ignore the extra field.
 */
export type ShellRuntimeConfig = RuntimeConfig & { oidc?: OidcConfig };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Why `input` breaks the `RuntimeConfig` contract (first problem found), or null when it is valid.
 * Checks: search.appId/apiKey non-empty strings; search.hosts a non-empty array of
 * `{ url: 'host[:port]', protocol: 'http'|'https' }`; search.indices.{products,recipes,suggestions,stores};
 * apiBase a root-relative path or http(s) URL; defaultStoreNumber digits (spec §9: e.g. '3299');
 * `oidc`, when present, `{ issuer: http(s) URL, clientId: non-empty string }`.
 */
export function describeInvalidConfig(input: unknown): string | null {
  if (!isObj(input)) return 'config must be a JSON object';
  const { search, apiBase, defaultStoreNumber } = input;
  if (!isObj(search)) return 'search must be an object';
  if (!isStr(search.appId)) return 'search.appId must be a non-empty string';
  if (!isStr(search.apiKey)) return 'search.apiKey must be a non-empty string';
  if (!Array.isArray(search.hosts) || search.hosts.length === 0) return 'search.hosts must be a non-empty array';
  for (const [i, h] of search.hosts.entries()) {
    if (!isObj(h) || !isStr(h.url) || /[/\s]/.test(h.url)) return `search.hosts[${i}].url must be 'host[:port]'`;
    if (h.protocol !== 'http' && h.protocol !== 'https') return `search.hosts[${i}].protocol must be 'http' or 'https'`;
  }
  if (!isObj(search.indices)) return 'search.indices must be an object';
  for (const k of ['products', 'recipes', 'suggestions', 'stores']) {
    if (!isStr(search.indices[k])) return `search.indices.${k} must be a non-empty string`;
  }
  if (!isStr(apiBase) || !/^(\/|https?:\/\/)/.test(apiBase)) return "apiBase must be a path starting with '/' or an http(s) URL";
  if (!isStr(defaultStoreNumber) || !/^\d+$/.test(defaultStoreNumber)) return 'defaultStoreNumber must be a string of digits';
  if (input.oidc !== undefined) {
    const { oidc } = input;
    if (!isObj(oidc)) return 'oidc must be an object { issuer, clientId }';
    if (!isStr(oidc.issuer) || !/^https?:\/\/[^\s/]+/.test(oidc.issuer)) return 'oidc.issuer must be an http(s) URL';
    if (!isStr(oidc.clientId)) return 'oidc.clientId must be a non-empty string';
  }
  return null;
}

/**
 * The config to use: `input` when valid, else `DEFAULT_RUNTIME_CONFIG` after reporting SHELL-004.
 * @param fetchError set when `/config.json` could not be fetched or parsed
 */
export function resolveRuntimeConfig(input: unknown, fetchError?: unknown): ShellRuntimeConfig {
  if (fetchError !== undefined) {
    reportShellError(SHELL_ERRORS.RUNTIME_CONFIG_INVALID, '/config.json could not be loaded; using the built-in defaults.', { error: fetchError });
    return DEFAULT_RUNTIME_CONFIG;
  }
  const reason = describeInvalidConfig(input);
  if (reason) {
    reportShellError(SHELL_ERRORS.RUNTIME_CONFIG_INVALID, `/config.json is invalid (${reason}); using the built-in defaults.`);
    return DEFAULT_RUNTIME_CONFIG;
  }
  return input as ShellRuntimeConfig;
}
