/**
 * The flyer page shown in the iframe (`GET /embed`): a small HTML document whose data travels as a JSON
 * island (`<script type="application/json">`, never executed) read by `public/embed.js`, which builds the
 * page with `textContent` only. Nothing from the query string is written into the HTML except inside
 * that island, after validation and JSON escaping.
 */
import type { Publication } from './catalog';
import type { UnitPriceText } from './unit-prices';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './images';

/** What `public/embed.js` reads from `#flyer-data`. */
export interface EmbedData {
  /** The host page's origin: the only target of the page's messages, the only sender it listens to. */
  hostOrigin: string;
  merchant: string;
  storeCode: string;
  locale: string;
  store: { name: string; city: string; province: string };
  publication: Publication;
  /** Page headings by page index. */
  pageTitles: string[];
  /** Item id → package size (null: sold by weight). */
  sizes: Record<string, string | null>;
  /** Item id → unit price `{ text: '$1.63 /100 g', spoken: '$1.63 per 100 g' }` (null: none). */
  unitPrices: Record<string, UnitPriceText | null>;
  image: { width: number; height: number };
}

/** HTML text escaping (element content and quoted attribute values). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** JSON safe inside a <script> element: no '<', '>', '&' or line separators survive unescaped. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The flyer page. `assetVersion` busts the browser cache of embed.js / embed.css between builds. */
export function embedPage(data: Omit<EmbedData, 'image'>, assetVersion: string): string {
  const full: EmbedData = { ...data, image: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT } };
  const v = encodeURIComponent(assetVersion);
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weekly flyer · ${escapeHtml(data.store.name)}</title>
<link rel="stylesheet" href="/embed.css?v=${v}">
<script src="/embed.js?v=${v}" defer></script>
</head>
<body>
<main id="flyer" class="flyer" aria-busy="true"><p class="flyer-status">Loading the weekly flyer…</p></main>
<script type="application/json" id="flyer-data">${jsonForHtml(full)}</script>
</body>
</html>
`;
}

/** The page shown in the iframe when the request cannot be served (`message` is one of ours, escaped anyway). */
export function errorPage(message: string, assetVersion: string): string {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weekly flyer unavailable</title>
<link rel="stylesheet" href="/embed.css?v=${encodeURIComponent(assetVersion)}">
</head>
<body>
<main class="flyer"><div class="flyer-error" role="alert"><h1>The weekly flyer can't be shown</h1><p>${escapeHtml(message)}</p></div></main>
</body>
</html>
`;
}
