import { Skeleton } from '@storefront/remote-kit/blocks';

/** The flyer's loading state: the kit's tiles in the flyer's reserved box (no layout shift). */
export function FlyerSkeleton() {
  return <Skeleton label="Loading the weekly flyer…" variant="cards" count={8} className="mf-flyer__skeleton" />;
}
