import { Header } from './Header';

/**
 * mf-header root: the header bar (see {@link Header}). It reads the single-spa custom props
 * (RemoteProps `bus`, `navigate`, `config.apiBase`) from the kit's providers, which the lifecycles
 * and `mountStandalone` fill with them.
 */
export function App() {
  return <Header />;
}
