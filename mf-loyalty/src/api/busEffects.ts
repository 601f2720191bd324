import type { EventBus } from 'shared-events';
import type { MachineEffect } from '../state/popupMachine';

/**
 * Performs the bus effects of the machine (toast → `toast/show`; signOut →
 * `session/sign-out-requested`). `fetchHistoryLite` is left to the caller (it needs the API).
 * @returns the effects not performed here
 */
export function runBusEffects(bus: EventBus, effects: MachineEffect[], reason = 'mf-loyalty'): MachineEffect[] {
  const rest: MachineEffect[] = [];
  for (const e of effects) {
    if (e.kind === 'toast') bus.emit('toast/show', { id: e.id, message: e.message, kind: e.toastKind });
    else if (e.kind === 'signOut') bus.emit('session/sign-out-requested', { reason });
    else rest.push(e);
  }
  return rest;
}
