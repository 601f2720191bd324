import { SearchAppProvider, type AppProps } from '../components/appClient';
import { CataloguePage } from './CataloguePage';
import '../components/results.css';

/** Root of './catalogue': `/products` and the category listings (spec §2 Routes). */
export function CatalogueApp(props: AppProps) {
  return <SearchAppProvider app={props}><CataloguePage /></SearchAppProvider>;
}
