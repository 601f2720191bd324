/**
 * Nutrition facts per 100 g from USDA SR21 `ABBREV.txt` (the abbreviated file: one row per food,
 * nutrient values per 100 g of edible portion, as in NUT_DATA's `Nutr_Val`). The folder we generate
 * from holds ABBREV.txt, not NUT_DATA/NUTR_DEF; its columns are fixed (SR21 documentation, "Abbreviated
 * file"), so each value is read from the column of its nutrient number, **as written** (no rounding).
 * An empty field means USDA has no value for that food: it is kept as null, never as 0.
 */
import type { NutritionFacts, NutritionFile } from '../types';

/** 0-based column in ABBREV.txt (SR21) of each fact, with its SR nutrient number (NUTR_DEF Nutr_No). */
export const ABBREV_COLUMNS: Readonly<Record<keyof NutritionFacts, { column: number; nutrNo: string; unit: 'kcal' | 'g' | 'mg' }>> = {
  energyKcal: { column: 3, nutrNo: '208', unit: 'kcal' }, // Energ_Kcal
  protein: { column: 4, nutrNo: '203', unit: 'g' }, // Protein
  totalFat: { column: 5, nutrNo: '204', unit: 'g' }, // Lipid_Tot
  saturatedFat: { column: 42, nutrNo: '606', unit: 'g' }, // FA_Sat
  carbohydrate: { column: 7, nutrNo: '205', unit: 'g' }, // Carbohydrt
  fibre: { column: 8, nutrNo: '291', unit: 'g' }, // Fiber_TD
  sugars: { column: 9, nutrNo: '269', unit: 'g' }, // Sugar_Tot
  sodium: { column: 15, nutrNo: '307', unit: 'mg' }, // Sodium
};

/** Fields in an SR21 ABBREV.txt row (NDB_No … Refuse_Pct). */
export const ABBREV_FIELD_COUNT = 51;

const num = (field: string | undefined): number | null => {
  const t = (field ?? '').trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

/** Parses one ABBREV.txt line (`^`-separated, text in `~`); null when it is not a food row. */
export function parseAbbrevLine(line: string): { ndbNo: string; facts: NutritionFacts } | null {
  const fields = line.replace(/\r$/, '').split('^');
  if (fields.length !== ABBREV_FIELD_COUNT) return null;
  const ndbNo = fields[0].replace(/~/g, '');
  if (!/^\d{5}$/.test(ndbNo)) return null;
  const facts = {} as NutritionFacts;
  for (const [key, { column }] of Object.entries(ABBREV_COLUMNS) as Array<[keyof NutritionFacts, { column: number }]>) {
    facts[key] = num(fields[column]);
  }
  return { ndbNo, facts };
}

/**
 * The nutrition file for the catalogue: the facts of every NDB number in `ndbNos` (products'
 * `usdaNdbNo`), keyed by NDB number in ascending order. Foods missing from ABBREV are left out.
 */
export function buildNutrition(abbrevLines: string[], ndbNos: Iterable<string>): NutritionFile {
  const wanted = new Set(ndbNos);
  const byNdb = new Map<string, NutritionFacts>();
  for (const line of abbrevLines) {
    const row = parseAbbrevLine(line);
    if (row && wanted.has(row.ndbNo)) byNdb.set(row.ndbNo, row.facts);
  }
  const foods: Record<string, NutritionFacts> = {};
  for (const ndb of [...byNdb.keys()].sort()) foods[ndb] = byNdb.get(ndb)!;
  return {
    source: 'USDA National Nutrient Database for Standard Reference, Release 21 (ABBREV.txt)',
    per: '100 g',
    units: Object.fromEntries(Object.entries(ABBREV_COLUMNS).map(([k, v]) => [k, v.unit])) as NutritionFile['units'],
    nutrientNumbers: Object.fromEntries(Object.entries(ABBREV_COLUMNS).map(([k, v]) => [k, v.nutrNo])) as NutritionFile['nutrientNumbers'],
    foods,
  };
}
