/**
 * Cache policy shared by the edge (shell) and every remote's static server (ARCHITECTURE §2):
 * manifests, remote entries and HTML are `no-cache` (always revalidated, so a new deploy is seen at
 * once); content-hashed chunks are immutable for a year.
 * @param {string} filePath served file path
 * @returns {string} Cache-Control header value
 */
export function cacheControlFor(filePath) {
  const base = filePath.split('/').pop() || '';
  if (base === 'mf-manifest.json' || base === 'mf-stats.json' || base === 'mf-manifest-stats.json' || base === 'remoteEntry.js' || base === 'main.js' || base.endsWith('.html') || base === 'remotes.json' || base === 'config.json') {
    return 'no-cache';
  }
  if (/\.[0-9a-f]{8,}\.(js|css)(\.map)?$/.test(base)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
