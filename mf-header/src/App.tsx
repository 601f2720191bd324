import type { RemoteProps } from 'shared-events';
import { Header } from './components/Header';

/** Props of the root component: the single-spa custom props (RemoteProps), all optional. */
export type AppProps = Partial<Pick<RemoteProps, 'bus' | 'navigate'>>;

/** mf-header root: the header bar (see {@link Header}). */
export function App({ bus, navigate }: AppProps) {
  return <Header bus={bus} navigate={navigate} />;
}
