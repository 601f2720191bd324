/**
 * './pages': single-spa lifecycles of the store pages (spec §2 Routes): the store locator
 * `/store-locator` and the store detail `/stores/{slug}`. The shell mounts it into `#slot-page`
 * on those paths with `RemoteProps` (bus, config, domElement, navigate); the remote reads the path itself.
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { StorePagesApp } from './pages/StorePagesApp';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: StorePagesApp,
  errorBoundary: () => (
    <p className="mfsp-error" data-remote-error="mf-store-selector/pages">Store pages are unavailable right now.</p>
  ),
  domElementGetter: (props) => props.domElement ?? document.getElementById('slot-page') ?? document.body,
});

export const { bootstrap, mount, unmount } = lifecycles;
