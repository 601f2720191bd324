/**
 * single-spa lifecycles of mf-loyalty's always-on part, exposed as './spa' (ARCHITECTURE §1, §4).
 * The shell mounts it into `#slot-mf-loyalty` with RemoteProps (`bus`, `config`, `domElement`,
 * `navigate`); it renders nothing until a card popup opens (spec §4 Card popup state).
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { PopupHost } from './components/PopupHost';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: (props: RemoteProps) => <PopupHost bus={props.bus} apiBase={props.config?.apiBase} navigate={props.navigate} />,
  // Quiet fallback: a failed popup host must never cover the page.
  errorBoundary: (err) => {
    console.error('[mf-loyalty] popups failed', err);
    return <></>;
  },
  domElementGetter: (props) => props.domElement as HTMLElement,
});

export const { bootstrap, mount, unmount } = lifecycles;
