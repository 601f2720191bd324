/** Types of the remote registry (tooling/registry/remotes.json); see index.cjs for the functions. */
export type MountKind = 'band' | 'page';
export type BandRegion = 'header' | 'footer' | 'overlay';

/** One Module Federation expose and where the shell mounts it. */
export interface RegistryExpose {
  /** MF expose key, e.g. './spa'. */
  expose: string;
  /** Source file in the remote, e.g. './src/spa.tsx'. */
  file: string;
  /** single-spa application name, e.g. 'mf-search-results'. */
  app: string;
  kind: MountKind;
  /** Band slots only: which part of the page frame holds the slot. */
  region?: BandRegion;
  /** Page exposes only: route patterns ('/stores/:slug', '/shopping-list/*', '/?query'). */
  routes?: string[];
  /** Shopper-facing name used in fallback text, e.g. 'Search results'. */
  label: string;
  /** Band exposes only: mount only while this holds ('signed-in': a shopper is signed in); default always. */
  when?: 'signed-in' | 'consent-performance' | 'in-view';
}

/** One remote of the registry. */
export interface RegistryRemote {
  /** Package and folder name, e.g. 'mf-header'; the key in /remotes.json. */
  package: string;
  /** Module Federation name, e.g. 'mf_header'. */
  mfName: string;
  /** Port of `npm run dev` / `npm run serve` and of the launcher (plus an offset). */
  port: number;
  /** true: the site works without it; its absence from /remotes.json is not an error (SHELL-007). */
  optional: boolean;
  exposes: RegistryExpose[];
  /** Bus event types it publishes (shared-events catalogue). */
  publishes: string[];
  /** Bus event types it consumes, including those behind the state streams it reads. */
  consumes: string[];
}

export interface Slot { id: string; remote: string; app: string; label: string }

export const repoRoot: string;
export const registryFile: string;
export function validateRegistry(data: unknown): string[];
export function loadRegistry(): { remotes: RegistryRemote[] };
export function remotes(): RegistryRemote[];
export function remoteOf(pkg: string): RegistryRemote | undefined;
export function remoteVersion(pkg: string): string;
export function presentRemotes(): RegistryRemote[];
export function portEnvOf(pkg: string): string;
export function remotePorts(offset?: number, env?: NodeJS.ProcessEnv): Record<string, number>;
export function remoteMap(ports?: Record<string, number>, o?: { host?: string }): Record<string, string>;
export function exposesOf(pkg: string): Record<string, string>;
export function bandSlots(): Record<BandRegion, Slot[]>;
export function slotIdOf(expose: RegistryExpose): string;
export function remoteFolders(): string[];
export function formatRegistry(data: { $comment?: string; remotes: RegistryRemote[] }): string;
export function addRemote(entry: RegistryRemote): void;
