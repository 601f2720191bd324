/**
 * './results': single-spa lifecycles of the search results page. The shell mounts it into
 * `#slot-page` when the path is '/' and `query` is in the URL (spec §2 Routes).
 */
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from 'shared-events';
import { ResultsApp } from './components/SearchApp';

const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: ResultsApp,
  errorBoundary: () => <p className="mfs-results__error" data-remote-error="mf-search/results">Search results are unavailable right now.</p>,
  domElementGetter: (props) => props.domElement ?? document.getElementById('slot-page') ?? document.body,
});

export const { bootstrap, mount, unmount } = lifecycles;
