import { useAppClient, type AppProps } from './appClient';
import './results.css';

/** Root of './catalogue': `/products` and the category listings (issue 16). */
export function CatalogueApp(props: AppProps) {
  useAppClient(props);
  return <section className="mfs-catalogue"><h1>Products</h1></section>;
}
