import { offerBadge, type BadgeFields } from '../state/badges';

/**
 * The badge of an offer (state/badges.ts table): the main line large ('300 PTS', '$2 OFF', '20% OFF',
 * 'BUY 2 GET 1 FREE', '3X PTS', 'COMBO 300 PTS'), then up to two small lines from the offer's icon texts.
 * Plain text only. `data-badge-layout` names the layout (points, dollar, percent, buyXGetY,
 * bonusMultiplier, combo, other).
 */
export function OfferBadge({ offer }: { offer: BadgeFields }) {
  const badge = offerBadge(offer);
  return (
    <div className={`mfo-badge mfo-badge--${badge.layout}`} data-badge-layout={badge.layout} data-offer-type={badge.offerType}>
      <span className="mfo-badge__main">{badge.lines[0]}</span>
      {badge.lines.slice(1).map((line, i) => <span key={i} className="mfo-badge__sub">{line}</span>)}
    </div>
  );
}
