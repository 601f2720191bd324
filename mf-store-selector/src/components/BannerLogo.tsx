import type { Store } from 'shared-events';

/** A store name marks a co-op store when it contains the word 'Co-op' or 'Coop' (spec §1 store-specific logos). */
export const COOP_NAME_PATTERN = /\bco-?op\b/i;

/** The banner a store belongs to, by its name: 'coop' or 'standard'. */
export function bannerOf(store: Pick<Store, 'locationName'>): 'coop' | 'standard' {
  return COOP_NAME_PATTERN.test(store.locationName) ? 'coop' : 'standard';
}

/** Display names of the two banners (same as mf-header's logo). */
export const BANNER_NAMES = { standard: 'Harbour Market', coop: 'Harbour Co-op' } as const;

/**
 * The store's banner logo on the detail page (spec §1 "store-specific logos are shown according to the
 * store name"): inline SVG (no image request), `role="img"` named '<banner> logo', e.g. 'Harbour Co-op logo'.
 */
export function BannerLogo({ store }: { store: Pick<Store, 'locationName'> }) {
  const banner = bannerOf(store);
  const name = BANNER_NAMES[banner];
  const [first, ...rest] = name.split(' ');
  const coop = banner === 'coop';
  return (
    <svg className={`mfsp-logo mfsp-logo--${banner}`} data-banner={banner} viewBox="0 0 212 40" role="img" aria-label={`${name} logo`}>
      <circle cx="20" cy="20" r="18" fill="#1b7f3b" />
      <path d="M11 29c0-10.5 6.6-17.2 19-18-0.4 11.6-6.9 18.4-19 18Z" fill="#ffffff" />
      <path d="M11.5 28.5 23 17" stroke="#1b7f3b" strokeWidth="1.6" strokeLinecap="round" />
      {coop && <circle cx="32" cy="31" r="5" fill="#f2b705" stroke="#ffffff" strokeWidth="1.5" />}
      <text x="46" y="27" fontSize="20" fontWeight="700" fill="#1f2a22">
        {first}
        <tspan dx="6" fill={coop ? '#8a5a00' : '#1b7f3b'}>{rest.join(' ')}</tspan>
      </text>
    </svg>
  );
}
