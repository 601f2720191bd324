/** The browser files in `public/`, read once at start-up. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Folder of the plain browser files (served as they are). */
export const PUBLIC_DIR = path.join(__dirname, '..', 'public');

/** The token in public/storefront.js that the server replaces with its public origin. */
export const ORIGIN_TOKEN = '__FLYER_ORIGIN__';

/**
 * The embed script as served: `public/storefront.js` with the provider's public origin written in (the
 * iframe's src and the only origin whose messages it accepts).
 */
export function storefrontScript(publicOrigin: string, source = readFileSync(path.join(PUBLIC_DIR, 'storefront.js'), 'utf8')): string {
  if (!source.includes(`'${ORIGIN_TOKEN}'`)) throw new Error(`public/storefront.js lacks the '${ORIGIN_TOKEN}' token`);
  return source.replace(`'${ORIGIN_TOKEN}'`, JSON.stringify(publicOrigin));
}

export interface Assets {
  storefrontJs: string;
  embedJs: string;
  embedCss: string;
  /** Short hash of embed.js + embed.css (cache busting in the page's links). */
  version: string;
}

/** Reads public/ once. */
export function loadAssets(publicOrigin: string): Assets {
  const embedJs = readFileSync(path.join(PUBLIC_DIR, 'embed.js'), 'utf8');
  const embedCss = readFileSync(path.join(PUBLIC_DIR, 'embed.css'), 'utf8');
  const version = createHash('sha256').update(embedJs).update(embedCss).digest('hex').slice(0, 10);
  return { storefrontJs: storefrontScript(publicOrigin), embedJs, embedCss, version };
}
