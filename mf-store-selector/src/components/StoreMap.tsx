import { useId } from 'react';
import type { LatLng } from '../api/location';

/** One marker of the map. */
export interface MapMarker {
  /** Stable key, e.g. the store number. */
  id: string;
  /** Short text drawn in the marker, e.g. '1' (the list position). */
  badge: string;
  /** Accessible name of the marker, e.g. '1: Halifax Quinpool, 2.3 km'. */
  label: string;
  point: LatLng;
  /** Drawn highlighted (e.g. the store of the detail page). */
  highlight?: boolean;
}

/** Drawing size in SVG user units (the SVG scales to its container). */
export const MAP_WIDTH = 640;
export const MAP_HEIGHT = 400;
const PAD = 36;
/** Smallest span drawn, in degrees (about 2 km), so a single store is not infinitely zoomed. */
const MIN_SPAN_DEG = 0.02;
const EARTH_RADIUS_KM = 6371;

/**
 * Projects points into the map box: equirectangular projection centred on the points' mean latitude
 * (x = lng·cos(lat₀), y = −lat), scaled uniformly to fit {@link MAP_WIDTH}×{@link MAP_HEIGHT} minus
 * padding, centred. Good enough for a few stores within a region; no tiles, no network.
 * @returns the SVG coordinates of each point, and the scale in km per SVG unit
 */
export function projectPoints(points: readonly LatLng[]): { xy: Array<{ x: number; y: number }>; kmPerUnit: number } {
  if (points.length === 0) return { xy: [], kmPerUnit: 1 };
  const lat0 = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const k = Math.cos((lat0 * Math.PI) / 180);
  const xs = points.map((p) => p.lng * k);
  const ys = points.map((p) => -p.lat);
  let minX = Math.min(...xs);
  let maxX = Math.max(...xs);
  let minY = Math.min(...ys);
  let maxY = Math.max(...ys);
  if (maxX - minX < MIN_SPAN_DEG) {
    const c = (maxX + minX) / 2;
    minX = c - MIN_SPAN_DEG / 2;
    maxX = c + MIN_SPAN_DEG / 2;
  }
  if (maxY - minY < MIN_SPAN_DEG) {
    const c = (maxY + minY) / 2;
    minY = c - MIN_SPAN_DEG / 2;
    maxY = c + MIN_SPAN_DEG / 2;
  }
  const scale = Math.min((MAP_WIDTH - 2 * PAD) / (maxX - minX), (MAP_HEIGHT - 2 * PAD) / (maxY - minY));
  const offX = (MAP_WIDTH - (maxX - minX) * scale) / 2;
  const offY = (MAP_HEIGHT - (maxY - minY) * scale) / 2;
  const xy = points.map((_, i) => ({ x: offX + (xs[i] - minX) * scale, y: offY + (ys[i] - minY) * scale }));
  // One degree of (scaled) longitude·cos(lat₀) ≈ one degree of latitude ≈ 111.19 km.
  const kmPerUnit = ((Math.PI / 180) * EARTH_RADIUS_KM) / scale;
  return { xy, kmPerUnit };
}

/** A round scale-bar length (1, 2, 5 × 10ⁿ km) near a quarter of the map width. */
export function scaleBarKm(kmPerUnit: number): number {
  const target = (MAP_WIDTH / 4) * kmPerUnit;
  const p = 10 ** Math.floor(Math.log10(target));
  const steps = [1, 2, 5, 10].map((m) => m * p);
  return steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), steps[0]);
}

export interface StoreMapProps {
  /** Accessible name of the map, e.g. 'Map of the stores found'. */
  title: string;
  markers: readonly MapMarker[];
  /** The shopper's position, drawn as 'Your location'. */
  origin?: LatLng | null;
}

/**
 * A map of store results drawn as inline SVG (spec §2 Store locator; the site works offline from third
 * parties: no tile service, no network). Markers are `role="img"` with accessible names; the origin
 * (shopper's position) is drawn as a ring named 'Your location'; a scale bar in km.
 */
export function StoreMap({ title, markers, origin }: StoreMapProps) {
  const titleId = useId();
  const points = [...markers.map((m) => m.point), ...(origin ? [origin] : [])];
  const { xy, kmPerUnit } = projectPoints(points);
  const barKm = scaleBarKm(kmPerUnit);
  const barUnits = barKm / kmPerUnit;
  const fmt = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1 });
  if (markers.length === 0) return null;
  return (
    <figure className="mfsp-map">
      <svg className="mfsp-map__svg" viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <rect x="1" y="1" width={MAP_WIDTH - 2} height={MAP_HEIGHT - 2} rx="12" className="mfsp-map__frame" />
        {[1, 2, 3].map((i) => (
          <g key={i} className="mfsp-map__grid" aria-hidden="true">
            <line x1={(MAP_WIDTH / 4) * i} y1="1" x2={(MAP_WIDTH / 4) * i} y2={MAP_HEIGHT - 1} />
            <line x1="1" y1={(MAP_HEIGHT / 4) * i} x2={MAP_WIDTH - 1} y2={(MAP_HEIGHT / 4) * i} />
          </g>
        ))}
        <g className="mfsp-map__compass" aria-hidden="true">
          <path d={`M${MAP_WIDTH - 28} 40 l8 -22 l8 22 l-8 -6 z`} />
          <text x={MAP_WIDTH - 20} y="54" textAnchor="middle">N</text>
        </g>
        <g className="mfsp-map__scale" aria-hidden="true">
          <line x1="20" y1={MAP_HEIGHT - 20} x2={20 + barUnits} y2={MAP_HEIGHT - 20} />
          <text x="20" y={MAP_HEIGHT - 28}>{`${fmt.format(barKm)} km`}</text>
        </g>
        {origin && (
          <g role="img" aria-label="Your location" className="mfsp-map__origin">
            <circle cx={xy[xy.length - 1].x} cy={xy[xy.length - 1].y} r="9" />
            <circle cx={xy[xy.length - 1].x} cy={xy[xy.length - 1].y} r="3" />
          </g>
        )}
        {markers.map((m, i) => (
          <g key={m.id} role="img" aria-label={m.label} className={`mfsp-map__marker${m.highlight ? ' mfsp-map__marker--highlight' : ''}`}>
            <path d={`M${xy[i].x} ${xy[i].y} l-10 -16 a11.5 11.5 0 1 1 20 0 z`} />
            <text x={xy[i].x} y={xy[i].y - 19} textAnchor="middle">{m.badge}</text>
          </g>
        ))}
      </svg>
      <figcaption className="mfsp-map__caption">
        Drawn to scale from each store&apos;s coordinates; north is up.
      </figcaption>
    </figure>
  );
}
