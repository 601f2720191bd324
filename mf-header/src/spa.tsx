/**
 * single-spa lifecycles of mf-header, exposed as './spa' (ARCHITECTURE §1, §4). The shell mounts it
 * into `#slot-mf-header` with RemoteProps custom props (`bus`, `config`, `domElement`, `navigate`).
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { App } from './App';

/** Quiet fallback when the header throws: a plain home link, so the page keeps a way home. */
function HeaderFallback() {
  return <a href="/" className="mfh-fallback" style={{ display: 'inline-block', padding: 12, color: '#1b7f3b', fontWeight: 700 }}>Harbour Market</a>;
}

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: (props: RemoteProps) => <App bus={props.bus} navigate={props.navigate} config={props.config} />,
  errorBoundary: (err) => {
    console.error('[mf-header] render failed', err);
    return <HeaderFallback />;
  },
  domElementGetter: (props) => props.domElement as HTMLElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
