/**
 * `@storefront/remote-kit/ad-slot` (bundled into each user, not shared): an ad slot (on the home and
 * results pages; spec §7 Other "an ad script … is loaded"): an element the ad script
 * fills (`[data-ad-slot][data-ad-size="WxH"]`, services/vendors `/ads.js`), which the shell loads only
 * with consent group C0004 (shell/src/vendors/start-vendors.ts), on any page that has a slot — the
 * shell's home page or a remote's page (the shell watches the document for slots). The box reserves the creative's size before anything loads —
 * `aspect-ratio` W/H, at most W px wide — so filling it shifts nothing (no CLS); without consent it
 * stays an empty, quiet box. React renders no children in it, so the ad script's content is never
 * reconciled away.
 */
import { createElement } from 'react';

export interface AdSlotProps {
  /** Slot name for the ad server, `[a-z0-9-]{1,40}`, e.g. 'home-leaderboard'. */
  slot: string;
  /** Creative width, px. */
  width: number;
  /** Creative height, px. */
  height: number;
}

export function AdSlot({ slot, width, height }: AdSlotProps) {
  // createElement, not JSX: the shell pre-renders its home page at build time through tsx, which compiles
  // this file (reached through node_modules) with the classic JSX transform.
  return createElement('div', {
    className: 'ad-slot',
    'data-ad-slot': slot,
    'data-ad-size': `${width}x${height}`,
    style: { width: '100%', maxWidth: `${width}px`, aspectRatio: `${width} / ${height}`, margin: '24px auto 0', background: '#f3f4f6', overflow: 'hidden' },
  });
}
