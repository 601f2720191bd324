/**
 * The browser scripts in `public/`, read once at start-up, with the vendors' public origin written in
 * and minified, as the vendors serve theirs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minify_sync as minifySync } from 'terser';

/** Folder of the plain browser scripts (readable sources; served minified, plus the origin). */
export const PUBLIC_DIR = path.join(__dirname, '..', 'public');

/** The token in the scripts that the server replaces with its public origin. */
export const ORIGIN_TOKEN = '__VENDORS_ORIGIN__';

/** The scripts this service serves: URL path → file in public/. */
export const SCRIPTS = ['consent.js', 'gtm.js', 'ads.js', 'chat.js'] as const;
export type ScriptName = (typeof SCRIPTS)[number];

/** `source` with every `'__VENDORS_ORIGIN__'` replaced by the JSON string of `publicOrigin`. */
export function withOrigin(source: string, publicOrigin: string): string {
  return source.split(`'${ORIGIN_TOKEN}'`).join(JSON.stringify(publicOrigin));
}

/**
 * `source` minified by terser (compress and mangle; comments dropped).
 * @throws Error when the source does not parse
 */
export function minifyScript(source: string): string {
  const { code } = minifySync(source, { compress: true, mangle: true, format: { comments: false } });
  if (!code) throw new Error('terser produced no code');
  return code;
}

/** Reads a script of public/, writes the origin in and minifies it: what `GET /<name>` serves. */
export function script(name: ScriptName, publicOrigin: string): string {
  return minifyScript(withOrigin(readFileSync(path.join(PUBLIC_DIR, name), 'utf8'), publicOrigin));
}

/** Every script of {@link SCRIPTS}, read once. */
export function loadScripts(publicOrigin: string): Record<ScriptName, string> {
  return Object.fromEntries(SCRIPTS.map((n) => [n, script(n, publicOrigin)])) as Record<ScriptName, string>;
}
