/**
 * An ad slot (issue 17; spec §7 Other "an ad script … is loaded"): an element the ad script fills
 * (`[data-ad-slot][data-ad-size="WxH"]`, services/vendors `/ads.js`), which the shell loads only with
 * consent group C0004 (./start-vendors). The box reserves the creative's size before anything loads —
 * `aspect-ratio` W/H, at most W px wide — so filling it shifts nothing (no CLS); without consent it
 * stays an empty, quiet box. React renders no children in it, so the ad script's content is never
 * reconciled away.
 */
export interface AdSlotProps {
  /** Slot name for the ad server, `[a-z0-9-]{1,40}`, e.g. 'home-leaderboard'. */
  slot: string;
  /** Creative width, px. */
  width: number;
  /** Creative height, px. */
  height: number;
}

export function AdSlot({ slot, width, height }: AdSlotProps) {
  return (
    <div
      className="shell-ad"
      data-ad-slot={slot}
      data-ad-size={`${width}x${height}`}
      style={{ width: '100%', maxWidth: `${width}px`, aspectRatio: `${width} / ${height}`, margin: '24px auto 0', background: '#f3f4f6', overflow: 'hidden' }}
    />
  );
}
