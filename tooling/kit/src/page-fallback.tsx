/**
 * `@storefront/remote-kit/page-fallback`: the lifecycles of a route-owned page expose (ARCHITECTURE §4)
 * and the quiet fallback it shows when the page throws — a title, a short message and one way on.
 */
import type { ComponentType } from 'react';
import { createRemoteLifecycles, type RemoteLifecycles } from '@storefront/remote-kit';

/** What {@link PageFallback} says. */
export interface PageFallbackProps {
  /** The page's heading, e.g. 'Offers'. */
  title: string;
  /** One sentence on what failed. */
  message: string;
  /** Where the link goes (a site path), e.g. '/'. */
  href: string;
  /** The link's text, e.g. 'Go to the home page'. */
  linkText: string;
}

/**
 * The fallback of a page that threw. Styled inline: the page's CSS chunk may be what failed. The
 * colours are the kit tokens with their values as fallbacks.
 */
export function PageFallback({ title, message, href, linkText }: PageFallbackProps) {
  return (
    <section data-page-fallback="" style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{title}</h1>
      <p>{message} <a href={href} style={{ color: 'var(--sf-green-dark, #14612d)' }}>{linkText}</a></p>
    </section>
  );
}

/** Options of {@link createPageLifecycles}. */
export interface PageLifecycleOptions {
  /** MF remote name, e.g. 'mf-offers'. */
  remote: string;
  /** Which expose, for the error log `[remote] label failed`, e.g. 'pages'. */
  label: string;
  /** The page (or page router); it reads `bus`, `config` and `navigate` from the kit context. */
  Page: ComponentType;
  /** What the fallback says when `Page` throws. */
  fallback: PageFallbackProps;
}

/**
 * single-spa lifecycles of a page expose: renders `Page` under the kit providers; a page that throws
 * logs `[remote] label failed` and shows {@link PageFallback}.
 * @returns `{ bootstrap, mount, unmount }`
 */
export function createPageLifecycles({ remote, label, Page, fallback }: PageLifecycleOptions): RemoteLifecycles {
  return createRemoteLifecycles({ remote, label, fallback: <PageFallback {...fallback} />, rootComponent: () => <Page /> });
}
