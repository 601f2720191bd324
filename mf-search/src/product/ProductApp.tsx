import { SearchAppProvider, type AppProps } from '../components/appClient';
import { ProductPage } from './ProductPage';
import '../components/results.css';

/** Root of './product': the product page (`/products/{slug}`). */
export function ProductApp(props: AppProps) {
  return <SearchAppProvider app={props}><ProductPage /></SearchAppProvider>;
}
