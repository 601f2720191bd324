import { useAppClient, type AppProps } from '../components/appClient';
import { CataloguePage } from './CataloguePage';
import '../components/results.css';

/** Root of './catalogue': `/products` and the category listings (spec §2 Routes). */
export function CatalogueApp(props: AppProps) {
  const { config, client, bus } = useAppClient(props);
  return <CataloguePage client={client} bus={bus} config={config} />;
}
