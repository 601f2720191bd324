/**
 * mf-tours's root (the overlay band, spec §2 Guided tours): nothing on the page until a tour starts
 * (../hooks/useTourTrigger). The tour library (react-joyride) is in its own chunk, loaded only when a
 * tour is about to run, so it adds nothing to the first load of any page.
 */
import { lazy, Suspense, useState } from 'react';
import type { RemoteProps } from 'shared-events';
import { useTourTrigger } from '../hooks/useTourTrigger';

const TourRunner = lazy(() => import('./TourRunner'));

export function App({ bus, config }: RemoteProps) {
  const tour = useTourTrigger(bus, config?.apiBase ?? '/api');
  const [ended, setEnded] = useState<string | null>(null);
  if (!tour || ended === tour.id) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner key={tour.id} tour={tour} onEnd={() => setEnded(tour.id)} />
    </Suspense>
  );
}
