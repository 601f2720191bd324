/**
 * single-spa lifecycles of mf-store-selector, exposed as './spa' (ARCHITECTURE §1, §4).
 * The shell mounts it into `#slot-mf-store-selector` with `RemoteProps` custom props.
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { StoreSelectorApp } from './App';

/** Quiet fallback: a broken selector must never blank the header (ARCHITECTURE §2). */
function QuietFallback() {
  return <span className="mfss-fallback" data-remote="mf-store-selector" hidden />;
}

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: StoreSelectorApp,
  errorBoundary: () => <QuietFallback />,
  domElementGetter: (props) => {
    if (props.domElement) return props.domElement;
    const slot = document.getElementById('slot-mf-store-selector');
    if (slot) return slot;
    throw new Error('mf-store-selector: no domElement given and no #slot-mf-store-selector on the page');
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
