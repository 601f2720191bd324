/**
 * `@storefront/remote-kit/dialog` (bundled into each user, not in the shared root entry: only pages
 * that open a dialog pay for it; focus-trap itself is a shared singleton).
 */
export { Dialog, useDialog } from './Dialog';
export type { DialogApi, DialogCloseReason, DialogProps } from './Dialog';
export type { InitialFocus } from './useDialogTrap';
export { lockPageScroll } from './scrollLock';
