/**
 * The shell's adapter to the consent tool (ARCHITECTURE §5): reads the tool's active groups
 * (`window.OnetrustActiveGroups`, ',C0001,C0002,'), follows its `OneTrustGroupsUpdated` window event and
 * `OneTrust.OnConsentChanged`, and
 * - publishes the groups and whether the banner is answered on the bus's `consent/changed`
 *   (`bus.state.consent`, `bus.state.consentDecided`) **once per real change** (the tool fires both the
 *   event and the callback for one choice; a reload fires the event with the same state: neither
 *   publishes twice; 'Reject All' on a fresh banner changes only `decided`);
 * - keeps {@link ConsentBridge.decision$}: `{ decided, groups }` for the analytics gate (shell/src/analytics).
 */
import type { EventBus } from 'shared-events';
import { groupsFromDetail, parseActiveGroups, sameGroups, UNDECIDED, type ConsentDecision } from './consent-state';

/** What the shell reads of the consent tool's globals (the vendor's names). */
export interface ConsentToolWindow {
  OnetrustActiveGroups?: unknown;
  OneTrust?: {
    OnConsentChanged?: (cb: (e?: { detail?: unknown }) => void) => void;
    IsAlertBoxClosed?: () => boolean;
    dataSubjectParams?: { id: string; isAnonymous: boolean; token: string };
  };
  addEventListener(type: string, listener: (e: Event) => void): void;
  removeEventListener(type: string, listener: (e: Event) => void): void;
}

/** The window event the consent tool fires at load and after every choice (`detail`: active group ids). */
export const GROUPS_UPDATED_EVENT = 'OneTrustGroupsUpdated';

/**
 * The consent decision as a value with listeners (a BehaviorSubject's contract without rxjs: the shell
 * does not ship a second copy of rxjs, which reaches the page inside shared-events only):
 * `subscribe` calls the listener at once with the current value, then on every change.
 */
export class DecisionStream {
  private current: ConsentDecision = UNDECIDED;
  private readonly listeners = new Set<(d: ConsentDecision) => void>();

  /** The current decision. */
  get value(): ConsentDecision {
    return this.current;
  }

  /** Listens from now on (called at once with the current value). */
  subscribe(listener: (d: ConsentDecision) => void): { unsubscribe(): void } {
    this.listeners.add(listener);
    listener(this.current);
    return { unsubscribe: () => { this.listeners.delete(listener); } };
  }

  /** Sets a new decision and tells every listener. */
  next(decision: ConsentDecision): void {
    this.current = decision;
    for (const l of [...this.listeners]) l(decision);
  }
}

export class ConsentBridge {
  /** The current decision; starts undecided with no group (no tool yet). */
  readonly decision$ = new DecisionStream();
  private published: { groups: readonly string[]; decided: boolean } | null = null;
  private attached = false;

  constructor(
    private readonly bus: EventBus,
    private readonly win: ConsentToolWindow,
  ) {}

  /**
   * Starts following the consent tool (call once its script has run). Reads its current state at once.
   * @returns a function that stops listening to the window event
   */
  attach(): () => void {
    if (this.attached) return () => undefined;
    this.attached = true;
    const onEvent = (e: Event) => this.update(groupsFromDetail((e as CustomEvent).detail) ?? parseActiveGroups(this.win.OnetrustActiveGroups));
    this.win.addEventListener(GROUPS_UPDATED_EVENT, onEvent);
    try {
      this.win.OneTrust?.OnConsentChanged?.((e) => this.update(groupsFromDetail(e?.detail) ?? parseActiveGroups(this.win.OnetrustActiveGroups)));
    } catch {
      /* a tool without OnConsentChanged: the window event is enough */
    }
    this.update(parseActiveGroups(this.win.OnetrustActiveGroups));
    return () => this.win.removeEventListener(GROUPS_UPDATED_EVENT, onEvent);
  }

  private update(groups: string[]): void {
    let decided = false;
    try {
      decided = this.win.OneTrust?.IsAlertBoxClosed?.() === true;
    } catch {
      decided = false;
    }
    const prev = this.decision$.value;
    if (prev.decided !== decided || !sameGroups(prev.groups, groups)) this.decision$.next({ decided, groups });
    if (this.published === null || this.published.decided !== decided || !sameGroups(this.published.groups, groups)) {
      this.published = { groups, decided };
      this.bus.publish({ type: 'consent/changed', payload: { groups: [...groups], decided }, meta: { source: 'shell' } });
    }
  }
}
