import { callBff } from 'shared-events';
import type { Alert } from '../state/alertBanner';

/** Spec §7 POST /api/bannerAlert: province used when no store is selected. */
export const DEFAULT_ALERT_PROVINCE = 'ON';

/**
 * Fetches the alert for a province: `POST {apiBase}/bannerAlert` `{ province }` with a nonce header
 * (spec §7; the BFF answers `data.getAlert[0]`). Returns the first alert with text, or null when
 * there is none or the call fails (spec §8 "Other failures are silently ignored"). Never throws.
 *
 * @param apiBase  `RuntimeConfig.apiBase`, normally `'/api'`
 * @param province 2-letter code of the selected store's province, e.g. `'NS'` (default `'ON'`)
 * @param signal   aborts the request (react-query passes one per query)
 */
export async function fetchAlert(apiBase: string, province: string = DEFAULT_ALERT_PROVINCE, signal?: AbortSignal): Promise<Alert | null> {
  try {
    const env = await callBff<{ getAlert?: Alert[] }>(apiBase, '/bannerAlert', { method: 'POST', body: { province }, signal });
    const alert = env.status === 'success' ? env.data?.getAlert?.[0] : undefined;
    return alert && typeof alert.descriptionText === 'string' && alert.descriptionText.trim() ? alert : null;
  } catch {
    return null;
  }
}
