import { forwardRef, type ReactNode } from 'react';
import { siteLinkClick } from 'shared-events';
import './offers.css';

/** Props of {@link PageFrame}. */
export interface PageFrameProps {
  title: string;
  /** Which page is current in the small offers nav. */
  current: '/offers' | '/favourites';
  /** In-site navigation (RemoteProps.navigate); plain links without it. */
  navigate?: (url: string) => void;
  /** Under the title, e.g. the card number. */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of both pages: `<h1>` (focusable with tabIndex -1, so focus can return to it), a nav
 * 'Offers' / 'Favourites' (`aria-current="page"`), then the content.
 */
export const PageFrame = forwardRef<HTMLHeadingElement, PageFrameProps>(function PageFrame({ title, current, navigate, subtitle, children }, ref) {
  const link = (href: '/offers' | '/favourites', label: string) => (
    <a href={href} className="mfo-nav__link" aria-current={current === href ? 'page' : undefined} onClick={siteLinkClick(href, navigate)}>{label}</a>
  );
  return (
    <div className="mfo-page">
      <h1 className="mfo-page__title" ref={ref} tabIndex={-1}>{title}</h1>
      {subtitle && <p className="mfo-page__subtitle">{subtitle}</p>}
      <nav className="mfo-nav" aria-label="Scene+ offers">
        {link('/offers', 'Offers')}
        {link('/favourites', 'Favourites')}
      </nav>
      {children}
    </div>
  );
});
