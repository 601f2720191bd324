import { ABBREV_COLUMNS, buildNutrition, parseAbbrevLine } from '../src/generator';
import { loadNutrition, loadProducts } from '../src';

// Raw USDA SR21 ABBREV.txt lines, copied here verbatim (tests never read ../shared). Columns per the SR21
// documentation: NDB_No, Shrt_Desc, Water, Energ_Kcal (208), Protein (203), Lipid_Tot (204), Ash,
// Carbohydrt (205), Fiber_TD (291), Sugar_Tot (269), Calcium, Iron, Magnesium, Phosphorus, Potassium,
// Sodium (307), …, FA_Sat (606), FA_Mono, FA_Poly, Cholestrl, GmWt_1, GmWt_Desc1, GmWt_2, GmWt_Desc2, Refuse_Pct.
const RAW: Record<string, string> = {
  '01001': '~01001~^~BUTTER,WITH SALT~^15.87^717^0.85^81.11^2.11^0.06^0.0^0.06^24^0.02^2^24^24^576^0.09^0.000^0.000^1.0^0.0^0.005^0.034^0.042^0.110^0.003^3^0^3^3^18.8^0.17^2499^684^671^0^158^0^0^0^2.32^7.0^51.368^21.021^3.043^215^227.00^~1 cup~^14.20^~1 tbsp~^0',
  '01009': '~01009~^~CHEESE,CHEDDAR~^36.75^403^24.90^33.14^3.93^1.28^0.0^0.52^721^0.68^28^512^98^621^3.11^0.031^0.010^13.9^0.0^0.027^0.375^0.080^0.413^0.074^18^0^18^18^16.5^0.83^1002^265^258^0^85^0^0^0^0.29^2.8^21.092^9.391^0.942^105^132.00^~1 cup, diced~^244.00^~1 cup, melted~^0',
  '09003': '~09003~^~APPLES,RAW,WITH SKIN~^85.56^52^0.26^0.17^0.19^13.81^2.4^10.39^6^0.12^5^11^107^1^0.04^0.027^0.035^0.0^4.6^0.017^0.026^0.091^0.061^0.041^3^0^3^3^3.4^0.00^54^3^0^0^27^11^0^29^0.18^2.2^0.028^0.007^0.051^0^125.00^~1 cup, quartered or chopped~^108.76^~1 cup, slices~^10',
  '11124': '~11124~^~CARROTS,RAW~^88.29^41^0.93^0.24^0.97^9.58^2.8^4.74^33^0.30^12^35^320^69^0.24^0.045^0.143^0.1^5.9^0.066^0.058^0.983^0.273^0.138^19^0^19^19^8.8^0.00^16706^835^0^3477^8285^0^1^256^0.66^13.2^0.037^0.014^0.117^0^128.00^~1 cup, chopped~^110.00^~1 cup, grated~^11',
};
// A branded row with empty fields (no USDA value): kept as null, never 0.
const SPARSE = "~06427~^~CAMPBELL'S CHUNKY SOUPS,ITALIAN SAUSAGE & PEPPERS SOUP~^86.00^62^2.86^2.04^0.94^8.16^1.2^3.27^8^0.44^^^^327^^^^^1.0^^^^^^^^^^^^204^^^^^^^^^^0.612^^^8^245.00^~1 cup~^245.00^~1 serving~^0";

/** The value of one nutrient in a raw line, by the column the SR21 documentation gives it. */
const rawValue = (line: string, column: number) => Number(line.split('^')[column]);

describe('nutrition (USDA SR21 ABBREV.txt → per 100 g facts)', () => {
  test('parses the facts of a raw line from their SR21 columns', () => {
    expect(parseAbbrevLine(RAW['01001'])).toEqual({
      ndbNo: '01001',
      facts: { energyKcal: 717, protein: 0.85, totalFat: 81.11, saturatedFat: 51.368, carbohydrate: 0.06, fibre: 0, sugars: 0.06, sodium: 576 },
    });
    expect(parseAbbrevLine(SPARSE)?.facts).toEqual({
      energyKcal: 62, protein: 2.86, totalFat: 2.04, saturatedFat: 0.612, carbohydrate: 8.16, fibre: 1.2, sugars: 3.27, sodium: 327,
    });
    expect(parseAbbrevLine('not a food line')).toBeNull();
  });

  test('keeps an empty field as null', () => {
    const line = SPARSE.split('^');
    line[9] = ''; // Sugar_Tot
    expect(parseAbbrevLine(line.join('^'))?.facts.sugars).toBeNull();
  });

  test('buildNutrition keeps only the wanted foods, keyed by NDB number, with units and nutrient numbers', () => {
    const file = buildNutrition([...Object.values(RAW), SPARSE, ''], ['09003', '01001', '99999']);
    expect(Object.keys(file.foods)).toEqual(['01001', '09003']);
    expect(file.per).toBe('100 g');
    expect(file.units).toMatchObject({ energyKcal: 'kcal', protein: 'g', sodium: 'mg' });
    expect(file.nutrientNumbers).toEqual({
      energyKcal: '208', protein: '203', totalFat: '204', saturatedFat: '606', carbohydrate: '205', fibre: '291', sugars: '269', sodium: '307',
    });
  });

  test.each(Object.keys(RAW))('committed data for NDB %s equals the raw USDA line, in nutrition.json and on the product', (ndb) => {
    const committed = loadNutrition().foods[ndb];
    expect(committed).toBeDefined();
    for (const [key, { column }] of Object.entries(ABBREV_COLUMNS)) {
      expect([key, committed[key as keyof typeof committed]]).toEqual([key, rawValue(RAW[ndb], column)]);
    }
    const products = loadProducts().filter((p) => p.usdaNdbNo === ndb);
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(p.nutrition).toEqual(committed);
  });

  test('every product carries the nutrition of its NDB number', () => {
    const { foods } = loadNutrition();
    const products = loadProducts();
    expect(Object.keys(foods)).toHaveLength(new Set(products.map((p) => p.usdaNdbNo)).size);
    for (const p of products) expect(p.nutrition).toEqual(foods[p.usdaNdbNo]);
  });
});
