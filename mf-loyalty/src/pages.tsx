/**
 * single-spa lifecycles of mf-loyalty's route-owned pages, exposed as './pages' (shared contract
 * "Shell wiring"): the shell mounts them into `#slot-page` on `/verify-card` and `/scene`.
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { LoyaltyPages } from './pages/LoyaltyPages';

/** Quiet fallback when a page throws: a short message and a way home. */
function PagesFallback() {
  return (
    <section style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Scene+</h1>
      <p>This page could not be shown. Please try again later. <a href="/" style={{ color: '#1b7f3b' }}>Go to the home page</a></p>
    </section>
  );
}

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: (props: RemoteProps) => <LoyaltyPages bus={props.bus} apiBase={props.config?.apiBase} navigate={props.navigate} />,
  errorBoundary: (err) => {
    console.error('[mf-loyalty] page failed', err);
    return <PagesFallback />;
  },
  domElementGetter: (props) => props.domElement as HTMLElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
