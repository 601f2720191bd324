import { useAppClient, type AppProps } from '../components/appClient';
import { ProductPage } from './ProductPage';
import '../components/results.css';

/** Root of './product': the product page (`/products/{slug}`). */
export function ProductApp(props: AppProps) {
  const { config, client, bus } = useAppClient(props);
  return <ProductPage client={client} bus={bus} config={config} />;
}
