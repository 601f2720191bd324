import { forwardRef, type ReactNode } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick } from 'shared-events';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import firstViews from '../first-view.json';
import './offers.css';

/** Props of {@link PageFrame}. */
export interface PageFrameProps {
  title: string;
  /** Which page is current in the small offers nav. */
  current: '/offers' | '/favourites';
  /** Under the title, e.g. the card number. */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of both pages: the page intro (`<h1>`, focusable with tabIndex -1 so focus can return to
 * it, and the lead of src/first-view.json, the first view the edge serves: @storefront/remote-kit/page-intro),
 * a nav 'Offers' / 'Favourites' (`aria-current="page"`, in-site navigation with the kit's `useNavigate`), then the content.
 */
export const PageFrame = forwardRef<HTMLHeadingElement, PageFrameProps>(function PageFrame({ title, current, subtitle, children }, ref) {
  const navigate = useNavigate();
  const link = (href: '/offers' | '/favourites', label: string) => (
    <a href={href} className="mfo-nav__link" aria-current={current === href ? 'page' : undefined} onClick={siteLinkClick(href, navigate)}>{label}</a>
  );
  return (
    <>
      <PageIntro heading={title} lead={firstViewFor(firstViews, current).lead} headingRef={ref} />
      <div className="mfo-page">
        {subtitle && <p className="mfo-page__subtitle">{subtitle}</p>}
        <nav className="mfo-nav" aria-label="Scene+ offers">
          {link('/offers', 'Offers')}
          {link('/favourites', 'Favourites')}
        </nav>
        {children}
      </div>
    </>
  );
});
