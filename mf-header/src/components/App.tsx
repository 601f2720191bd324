import type { RemoteProps } from 'shared-events';
import { Header } from './Header';

/** Props of the root component: the single-spa custom props (RemoteProps), all optional. */
export type AppProps = Partial<Pick<RemoteProps, 'bus' | 'navigate' | 'config'>>;

/** mf-header root: the header bar (see {@link Header}); `config.apiBase` is the BFF base path. */
export function App({ bus, navigate, config }: AppProps) {
  return <Header bus={bus} navigate={navigate} apiBase={config?.apiBase} />;
}
