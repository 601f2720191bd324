/**
 * './spa': single-spa lifecycles of the header search box + dropdown (ARCHITECTURE §2, §4).
 * The shell mounts it into `#slot-mf-search` with `RemoteProps` custom props.
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { SearchApp } from './components/SearchApp';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: SearchApp,
  // A failing search box must never blank the header: render a quiet, empty fallback.
  errorBoundary: () => <div className="mfs-search mfs-search--failed" data-remote-error="mf-search" />,
  domElementGetter: (props) => props.domElement ?? document.getElementById('slot-mf-search') ?? document.body,
});

export const { bootstrap, mount, unmount } = lifecycles;
