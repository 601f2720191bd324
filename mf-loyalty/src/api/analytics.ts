/**
 * Analytics through the bus (spec §7 Analytics events; the shell pushes every `analytics/track`
 * into `window.dataLayer` as `{ event, ...params }`).
 *
 * - popup_view   `{ popup_type }` when a card popup opens
 * - popup_click  `{ popup_type, action }`; action: 'remind_later' | 'close' | 'add_card' | 'link_card' | 'register'
 * - card_activation `{ method: 'verify_code' }` when the verification code is accepted
 * - scene_registration `{ source }` when the shopper heads to /register (ghostCard, createScenePopup, /scene)
 */
import type { EventBus, PopupType } from 'shared-events';

export type PopupAction = 'remind_later' | 'close' | 'add_card' | 'link_card' | 'register';

export function trackPopupView(bus: EventBus, popupType: PopupType): void {
  bus.emit('analytics/track', { event: 'popup_view', params: { popup_type: popupType } });
}

export function trackPopupClick(bus: EventBus, popupType: PopupType, action: PopupAction): void {
  bus.emit('analytics/track', { event: 'popup_click', params: { popup_type: popupType, action } });
}

export function trackCardActivation(bus: EventBus): void {
  bus.emit('analytics/track', { event: 'card_activation', params: { method: 'verify_code' } });
}

export function trackSceneRegistration(bus: EventBus, source: string): void {
  bus.emit('analytics/track', { event: 'scene_registration', params: { source } });
}
