import { useAppClient, type AppProps } from './appClient';
import { ProductPage } from './ProductPage';
import './results.css';

/** Root of './product': the product page (`/products/{slug}`). */
export function ProductApp(props: AppProps) {
  const { config, client, bus } = useAppClient(props);
  return <ProductPage client={client} bus={bus} config={config} />;
}
