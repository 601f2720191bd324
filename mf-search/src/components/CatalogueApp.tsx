import { useAppClient, type AppProps } from './appClient';
import { CataloguePage } from './CataloguePage';
import './results.css';

/** Root of './catalogue': `/products` and the category listings (spec §2 Routes). */
export function CatalogueApp(props: AppProps) {
  const { config, client, bus } = useAppClient(props);
  return <CataloguePage client={client} bus={bus} config={config} />;
}
