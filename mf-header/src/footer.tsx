/**
 * single-spa lifecycles of the site footer, exposed as './footer' (ARCHITECTURE §1, §4; spec §2
 * Footer). The shell mounts it into `#slot-mf-footer`, inside its `<footer>` landmark (this remote
 * renders no `<footer>` of its own), with RemoteProps custom props (`bus`, `config`, `navigate`,
 * `domElement`).
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { Footer } from './footer/Footer';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: (props: RemoteProps) => <Footer bus={props.bus} navigate={props.navigate} apiBase={props.config?.apiBase} />,
  // A broken footer shows nothing rather than an error: the page stays usable.
  errorBoundary: (err) => {
    console.error('[mf-header/footer] render failed', err);
    return <></>;
  },
  domElementGetter: (props) => props.domElement as HTMLElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
