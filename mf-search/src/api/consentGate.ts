/**
 * Consent for search analytics (spec §4 Guided tours / §9: "consent analytics group C0002"; the shell's
 * groups: C0001 necessary, C0002 performance (analytics), C0004 targeting (ads)). Insights events leave
 * the browser only while the performance group is granted. Events raised before the shopper answers the
 * consent banner wait in memory: sent once if the group is then granted, dropped on any answer that
 * refuses it ('Reject All', or a choice without it). After a refusal or a withdrawal nothing is queued.
 */
import type { InsightEvent, InsightsSender } from './insights';

/** The consent group of Insights and every analytics beacon (spec §9 "Consent group for tours: C0002"). */
export const ANALYTICS_GROUP = 'C0002';
/** Most events held while the banner is unanswered; older ones are dropped first. */
export const MAX_QUEUED_EVENTS = 100;

/** Where the gate learns the shopper's consent. */
export interface ConsentSignals {
  /** The active groups, current value and changes (the bus's `bus.state.consent`). */
  groups: { readonly value: readonly string[]; subscribe(next: (groups: readonly string[]) => void): unknown };
  /** True once the shopper has answered the banner (a stored answer counts). */
  answered(): boolean;
  /** Calls `listener` with the active group ids after every answer; returns a stop function. */
  onAnswer(listener: (groups: readonly string[]) => void): () => void;
}

/** The bus state the signals read (shared-events ≥ 1.5.0: `consentDecided`). */
interface ConsentState {
  consent: ConsentSignals['groups'];
  consentDecided: { readonly value: boolean; subscribe(next: (decided: boolean) => void): { unsubscribe(): void } };
}

/**
 * Signals from the bus only: the shell publishes `consent/changed` with the groups and `decided`, so
 * 'Reject All' on a fresh banner (groups unchanged) still reads as an answer. Before the shell has
 * heard from the consent tool (not loaded, blocked) nobody has answered: events wait, nothing is sent.
 */
export function consentSignals(state: ConsentState): ConsentSignals {
  return {
    groups: state.consent,
    answered: () => state.consentDecided.value,
    onAnswer: (listener) => {
      // the bus writes the groups before `decided`, so both are current here
      const sub = state.consentDecided.subscribe((decided) => { if (decided) listener(state.consent.value); });
      return () => sub.unsubscribe();
    },
  };
}

/** Options of {@link gateOnConsent}. */
export interface ConsentGateOptions {
  /** Called with true when the analytics group becomes granted, false when the shopper refuses or withdraws it. */
  onDecision?: (granted: boolean) => void;
}

/**
 * Wraps `send` so events reach it only with the analytics group granted:
 * - granted (the latest groups, from the bus or the tool's answer, hold C0002) → sent at once;
 * - not answered yet → queued in memory (at most {@link MAX_QUEUED_EVENTS}), sent once, in order, when
 *   the group is granted;
 * - answered without the group (also a later withdrawal) → dropped, and the queue with them.
 * @returns a sender with the same contract (never throws)
 */
export function gateOnConsent(send: InsightsSender, signals: ConsentSignals, { onDecision }: ConsentGateOptions = {}): InsightsSender {
  let queue: InsightEvent[] = [];
  // The latest groups either source reported: both report the same choice, in either order, and the
  // bus does not publish an answer that leaves the groups as they were ('Reject All' on a fresh banner).
  let current: readonly string[] = signals.groups.value;
  let lastDecision: boolean | null = null;

  const granted = () => current.includes(ANALYTICS_GROUP);
  const refused = () => !granted() && signals.answered();
  const decide = (value: boolean) => {
    if (lastDecision === value) return;
    lastDecision = value;
    onDecision?.(value);
  };
  const settle = (groups: readonly string[]) => {
    current = groups;
    if (granted()) {
      decide(true);
      const waiting = queue;
      queue = [];
      if (waiting.length > 0) void send(waiting);
    } else if (refused()) {
      decide(false);
      queue = [];
    }
  };

  signals.groups.subscribe(settle);
  signals.onAnswer(settle);

  return async (events) => {
    if (events.length === 0) return;
    if (granted()) return send(events);
    if (refused()) return;
    queue.push(...events);
    if (queue.length > MAX_QUEUED_EVENTS) queue.splice(0, queue.length - MAX_QUEUED_EVENTS);
  };
}
