/**
 * The latest transactions fetched by the machine's historyLite effect (spec §4 "When linked and
 * status is LP01 or LP02, the history (historyLite) is fetched too"). One module instance is shared
 * by './spa' and './pages' (same remote container), so the /scene page shows them as
 * 'Latest activity' without a second call.
 */
import { BehaviorSubject } from 'rxjs';
import type { Transaction } from '../api/loyaltyApi';

/** Latest transactions by uid (null until fetched). */
export const recentActivity$ = new BehaviorSubject<{ uid: string; transactions: Transaction[] } | null>(null);
