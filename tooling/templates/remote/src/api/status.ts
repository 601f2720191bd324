/**
 * The remote's server calls (ARCHITECTURE §1 `src/api/`). Starter call: the BFF's health check.
 */

/** `GET <apiBase>/health` answer. */
export interface PlatformStatus {
  /** true when the BFF and its database answer. */
  ok: boolean;
}

/**
 * Reads the BFF's health.
 * @param apiBase the runtime config's `apiBase` (e.g. '/api')
 * @throws Error `'health check failed: HTTP <status>'` on a non-2xx answer; network errors propagate
 */
export async function fetchPlatformStatus(apiBase: string): Promise<PlatformStatus> {
  const res = await fetch(`${apiBase}/health`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`health check failed: HTTP ${res.status}`);
  return (await res.json()) as PlatformStatus;
}
