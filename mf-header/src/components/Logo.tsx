import type { Banner } from '../state/banner';
import { linkClick } from './navigation';

export interface LogoProps {
  /** The banner to show (from `bannerForStore`). */
  banner: Banner;
  /** Navigate without reload (RemoteProps.navigate); without it the link is a normal link. */
  navigate?: (url: string) => void;
}

/**
 * The banner logo (spec §1 "store-specific logos"): a leaf mark and the banner wordmark, as inline
 * SVG, linking to '/'. Accessible name '<banner name> home' ('Harbour Market home' /
 * 'Harbour Co-op home'); the SVG itself is decorative.
 */
export function Logo({ banner, navigate }: LogoProps) {
  const [first, ...rest] = banner.name.split(' ');
  const coop = banner.code === 'coop';
  return (
    <a
      className={`mfh-logo mfh-logo--${banner.code}`}
      href="/"
      aria-label={`${banner.name} home`}
      data-banner={banner.code}
      onClick={linkClick('/', navigate)}
    >
      <svg className="mfh-logo__svg" viewBox="0 0 212 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="18" fill="#1b7f3b" />
        <path d="M11 29c0-10.5 6.6-17.2 19-18-0.4 11.6-6.9 18.4-19 18Z" fill="#ffffff" />
        <path d="M11.5 28.5 23 17" stroke="#1b7f3b" strokeWidth="1.6" strokeLinecap="round" />
        {coop && <circle cx="32" cy="31" r="5" fill="#f2b705" stroke="#ffffff" strokeWidth="1.5" />}
        <text x="46" y="27" className="mfh-logo__word" fontSize="20" fontWeight="700" fill="#1f2a22">
          {/* A real space between the words: the visible text 'Harbour Market' must be part of the
              accessible name 'Harbour Market home' (WCAG 2.5.3 label in name). */}
          {`${first} `}
          <tspan dx="2" fill={coop ? '#8a5a00' : '#1b7f3b'}>{rest.join(' ')}</tspan>
        </text>
      </svg>
    </a>
  );
}
