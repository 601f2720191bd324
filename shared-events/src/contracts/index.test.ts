import { readFileSync } from 'fs';
import { join } from 'path';
import * as c from './index';

const seedContent = (name: string): unknown =>
  JSON.parse(readFileSync(join(__dirname, '../../../services/seed/data/content', `${name}.json`), 'utf8'));

const offer = {
  offerId: 'ofr-1003-001', offer_id: 'ofr-1003-001', id: 'ofr-1003-001', uid: '6f1c2a9e-1b2c-4d5e-8f90-1234567890ab',
  offerType: 11, bannerInd: 'B', banner: 'standard',
  offer_description: '{"en":"Get 250 pts on milk","fr":"250 pts","category":"Dairy & Eggs","articleNumbers":["20010010"]}',
  description: 'Get 250 pts on milk', imageName: '20010010.png', endDate: '2026-12-05T08:18:27.000Z', points: 250,
  offerIconText1: '250 pts', offerIconText2: null, offerIconText3: null, bonusMultiplier: null, loaded: false,
  category: 'Dairy & Eggs', articleNumbers: ['20010010'],
};
const collections = { activeOffers: [], pendingOffers: [offer], expiredOffers: [], redeemedOffers: [] };
const customItem = {
  item_id: 'custom_3f1c2a9e-1b2c-4d5e-8f90-1234567890ab', product_type: 'Custom', quantity: 1, checked: false,
  meta: {
    name: 'Birthday candles', item_Id: 'custom_3f1c2a9e-1b2c-4d5e-8f90-1234567890ab', itemType: 'custom', category: 'Other',
    product_type: 'Custom', id: '3f1c2a9e-1b2c-4d5e-8f90-1234567890ab', created_at: '2026-01-05T15:00:00.000Z',
  },
  created_at: '2026-01-05T15:00:00.000Z', updated_at: '2026-01-05T15:00:00.000Z',
};
const productItem = { ...customItem, item_id: '20090401_KG_3299', product_type: 'flyer', quantity: 2, meta: { name: 'Grapes', saleStory: '2 for $5' } };
const recipeList = {
  id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', name: 'Weeknight', recipeIds: ['recipe-001'],
  createdAt: '2026-01-05T15:00:00.000Z', updatedAt: '2026-01-05T15:00:00.000Z',
};
const flyerItem = {
  id: '3299-20091323', articleNumber: '20091323', uom: 'KG', name: 'Grapes, Red or Green',
  image: 'http://localhost:4300/images/3299-20091323.svg', priceText: '$3.99 /kg', saleStory: '$1.89 /lb',
  validFrom: '2026-11-19', validTo: '2026-11-25',
};
const inquire = { cardNumber: '6046000000001003', cardStatus: 'LP01', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1200, dollarValue: 120 } };

/** [schema name, a real sample it accepts, a broken sample it refuses]. */
const cases: Array<[keyof typeof c, unknown, unknown]> = [
  // lists/items, cart
  ['listItemSchema', productItem, { ...productItem, item_id: '20090401_BOX_3299' }],
  ['listItemSchema', customItem, { ...customItem, meta: { ...customItem.meta, itemType: 'product' } }],
  ['listPageSchema', { items: [productItem, customItem], page: 0, hitsPerPage: 100, nbHits: 2, nbPages: 1 }, { items: [productItem], page: 0 }],
  ['listPageQuerySchema', { page: 0, hitsPerPage: 100 }, { hitsPerPage: 1001 }],
  ['putItemBodySchema', { product_type: 'product', quantity: 3, checked: true, meta: null }, { product_type: 'product', quantity: 0 }],
  ['putItemResultSchema', { item: productItem, nbHits: 3 }, { item: productItem }],
  ['removeItemResultSchema', { removed: false, nbHits: 2 }, { removed: 'no', nbHits: 2 }],
  ['mergeBodySchema', { mergeId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', items: [{ item_id: '20010010_G_3299', product_type: 'product', quantity: 1 }] },
    { mergeId: 'not-a-uuid', items: [] }],
  ['mergeResultSchema', { mergeId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', added: 1, updated: 0, nbHits: 3 }, { added: 1 }],
  ['setCartBodySchema', { userToken: 'u-1001', storeId: '3299', items: [{ item_id: '20010010_G_3299', quantity: 0 }] },
    { userToken: 'u-1001', storeId: '3299', items: [{ item_id: 'custom_3f1c2a9e', quantity: 1 }] }],
  ['cartResultSchema', { cart: { storeId: '3299', items: [], updated_at: null } }, { cart: { storeId: '3299', items: [{ item_id: '20010010_G_3299', quantity: -1 }], updated_at: null } }],
  // recipe plans
  ['recipeListsSchema', { lists: [recipeList] }, { lists: [{ ...recipeList, recipeIds: ['<script>'] }] }],
  ['recipeListNameBodySchema', { name: 'Weeknight' }, { name: 'x'.repeat(61) }],
  ['recipeListResultSchema', { list: recipeList }, { list: { ...recipeList, id: 7 } }],
  ['recipeListsMergeBodySchema', { lists: [{ id: recipeList.id, name: 'Weeknight', recipeIds: ['recipe-001'] }] }, { lists: [{ id: recipeList.id, name: 'Weeknight' }] }],
  ['recipeListsMergeResultSchema', { lists: [recipeList], created: 1, recipesAdded: 1, skipped: 0 }, { lists: [recipeList], created: 1 }],
  ['mealPlanSchema', { from: '2026-01-05', to: '2026-01-11', entries: [{ date: '2026-01-05', recipeId: 'recipe-001', addedAt: '2026-01-05T15:00:00.000Z' }] },
    { from: '05/01/2026', to: '2026-01-11', entries: [] }],
  ['mealPlanDaySchema', { date: '2026-01-05', entries: [], added: true }, { date: '2026-01-05', entries: [] }],
  ['mealPlanMergeBodySchema', { entries: [{ date: '2026-01-05', recipeId: 'recipe-001' }] }, { entries: [{ date: '2026-01-05' }] }],
  ['mealPlanMergeResultSchema', { added: 1, skipped: 0 }, { added: '1', skipped: 0 }],
  // offers
  ['offersDataSchema', { cardNumber: '•••• 1003', status: 'LP01', collections }, { cardNumber: '•••• 1003', status: 'LP01', collections: { activeOffers: [] } }],
  ['offerSchema', offer, { ...offer, loaded: undefined }],
  ['favouritesSchema', { favouriteOffers: [offer], basketBuilderOffers: [] }, { favouriteOffers: [{ ...offer, points: '250' }], basketBuilderOffers: [] }],
  ['addFavouriteBodySchema', { offer_id: 'ofr-1003-001' }, { offer_id: 'ofr 1003' }],
  ['removeFavouriteResultSchema', { removed: true, favouriteOffers: [], basketBuilderOffers: [] }, { favouriteOffers: [], basketBuilderOffers: [] }],
  ['loadOffersBodySchema', { offers: [{ id: 'ofr-1003-001', channel: 'web', banner: 'standard' }] }, { offers: [] }],
  ['loadOffersBodySchema', { uid: 'member', offers: [{ id: 'ofr-1003-001', channel: 'mobile', banner: 'coop' }] }, { offers: [{ id: 'ofr-1003-001', channel: 'sms', banner: 'coop' }] }],
  ['loadResultSchema', { loaded: ['ofr-1003-001'], failed: [{ id: 'ofr-x', reason: 'not an offer on your card' }], collections }, { loaded: [], failed: [{ id: 'ofr-x' }], collections }],
  ['offersHashQuerySchema', { hash: 'a'.repeat(43) }, { hash: 'short' }],
  ['hashValidateResultSchema', { valid: true, cardNumber: '•••• 1003', expiresAt: '2026-12-05T08:18:27.000Z' }, { valid: false, cardNumber: '•••• 1003', expiresAt: '' }],
  ['memberInquiryBodySchema', {}, { hash: 'a'.repeat(43), uid: 'u-1001' }],
  ['memberInquiryResultSchema', { cardNumber: '•••• 1003', status: 'LP03', firstName: null }, { cardNumber: '•••• 1003', status: 'LP03' }],
  // loyalty accounts, cards, profile
  ['accountDataSchema', { uid: 'u-1001', email: 'alex@example.com', firstName: 'Alexandra', lastName: 'Doe', cardNumber: null, preferredStoreId: '3299', subscribed: false },
    { uid: 'u-1001', email: null, firstName: 'Alexandra', lastName: 'Doe', cardNumber: null, preferredStoreId: 3299, subscribed: false }],
  ['addCardBodySchema', { cardNumber: '6046 0000 0000 2000' }, { cardNumber: '6046-0000-0000-2000' }],
  ['signedTokenBodySchema', { cardNumber: '6046000000001005', firstName: 'Gina' }, { cardNumber: '6046000000001005', firstName: '' }],
  ['signedTokenSchema', { token: 'eyJ.x.y', expiresIn: 300 }, { token: 'eyJ.x.y' }],
  ['preferencesSchema', { flyerEmail: true, offersEmail: false, language: 'fr' }, { flyerEmail: true, offersEmail: false, language: 'de' }],
  ['inquireDataSchema', inquire, { ...inquire, cardStatus: 'LP09' }],
  ['verificationSentSchema', { expiresIn: 900, resendIn: 30 }, { expiresIn: 900 }],
  ['verifyCodeBodySchema', { code: '246810' }, { code: '24681' }],
  ['transactionsDataSchema', { transactions: [{ id: 't-1', date: '2026-01-05', description: 'Purchase', points: -500, storeNumber: null }] },
    { transactions: [{ id: 't-1', date: '2026-01-05', points: 10 }] }],
  ['historyRequestSchema', { startDate: '2025-07-09', endDate: '2026-01-05', enrollmentStatus: 'ENROLLED' }, { startDate: '2025-07-09', endDate: '2026-01-05', enrollmentStatus: null }],
  ['transactionHistoryBodySchema', { data: 'eyJzdGFydERhdGUiOiIyMDI1LTA3LTA5In0=' }, { data: 'not base64!' }],
  // stores, preferred store
  ['preferredStoreBodySchema', { storeId: '3299' }, { storeId: '329' }],
  ['preferredStoreResultSchema', { preferredStoreId: '3299' }, { preferredStoreId: null }],
  // content, alert
  ['menuContentSchema', seedContent('menu'), { items: [{ label: 'Products', dropdown: [{ label: 7 }] }] }],
  ['footerContentSchema', seedContent('footer'), { groups: [{ heading: 'Help', links: [{ label: 'Contact' }] }] }],
  ['popularSearchContentSchema', seedContent('popular-searches'), { enablePopularSearch: 'yes' }],
  ['guideContentSchema', seedContent('guides'), { buttons: {}, guides: [] }],
  ['pageContentSchema', seedContent('privacy-policy'), { title: 'Privacy', sections: [{ heading: 'A', paragraphs: 'text' }] }],
  ['pageContentSchema', seedContent('about-careers'), { sections: [] }],
  ['bannerAlertBodySchema', { province: 'NS' }, { province: 'Nova Scotia' }],
  ['bannerAlertResultSchema', { getAlert: [{ descriptionText: 'Storm closures', ctaUrl: '/stores', ctaLabel: 'See stores' }] }, { getAlert: [{ descriptionText: 'Storm' }] }],
  ['bannerAlertResultSchema', { getAlert: [] }, { getAlert: null }],
  // recent searches
  ['recentSearchesSchema', { items: [{ id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', label: 'milk' }] }, { items: [{ id: 'x' }] }],
  ['addRecentSearchBodySchema', { label: 'milk' }, { label: 'x'.repeat(101) }],
  ['addRecentSearchResultSchema', { item: { id: 'a', label: 'milk' }, items: [{ id: 'a', label: 'milk' }] }, { items: [] }],
  // flyer provider, flyer bridge
  ['flyerItemSchema', flyerItem, { ...flyerItem, uom: 'BOX' }],
  ['flyerItemSchema', flyerItem, { ...flyerItem, extra: 1 }],
  ['flyerItemSchema', flyerItem, { ...flyerItem, image: 'javascript:alert(1)' }],
  ['publicationsSchema', { publications: [{ id: '3299-20261119', storeCode: '3299', title: 'Weekly Flyer', validFrom: '2026-11-19', validTo: '2026-11-25' }] }, { publications: [{ id: '' }] }],
  ['publicationDetailSchema', { id: '3299-20261119', storeCode: '3299', title: 'Weekly Flyer', validFrom: '2026-11-19', validTo: '2026-11-25', pages: [{ number: 1, items: [flyerItem] }] },
    { id: '3299-20261119', storeCode: '3299', title: 'Weekly Flyer', validFrom: '2026-11-19', validTo: '2026-11-25', pages: [{ number: 1, items: [{ id: 'x' }] }] }],
  ['flyerMessageSchema', { source: 'flyer-provider', version: 1, type: 'flyer:add-to-list', publicationId: '3299-20261119', item: flyerItem },
    { source: 'flyer-provider', version: 1, type: 'flyer:add-to-list', publicationId: '3299-20261119' }],
  ['flyerMessageSchema', { source: 'flyer-provider', version: 1, type: 'flyer:resize', publicationId: '3299-20261119', height: 1200 },
    { source: 'flyer-provider', version: 1, type: 'flyer:resize', publicationId: '3299-20261119', height: -1 }],
  ['flyerMessageSchema', { source: 'flyer-provider', version: 1, type: 'flyer:ready', publicationId: '3299-20261119' },
    { source: 'someone-else', version: 1, type: 'flyer:ready', publicationId: '3299-20261119' }],
  ['flyerSavedItemsMessageSchema', { source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds: ['20091323_KG_3299'] },
    { source: 'flyer-host', version: 2, type: 'flyer:saved-items', listItemIds: [] }],
];

describe('shared-events/contracts', () => {
  it.each(cases.map(([name, good, bad], i) => [name, i, good, bad] as const))('%s (#%i) accepts a real sample and refuses a broken one', (name, _i, good, bad) => {
    const schema = c[name] as { safeParse(v: unknown): { success: boolean; error?: unknown } };
    const ok = schema.safeParse(good);
    expect(ok.error).toBeUndefined();
    expect(schema.safeParse(bad).success).toBe(false);
  });

  it('wraps data in the BFF envelope', () => {
    const env = c.bffEnvelopeSchema(c.preferencesSchema);
    expect(env.safeParse({ status: 'success', code: 200, message: 'OK', data: { flyerEmail: false, offersEmail: false, language: 'en' } }).success).toBe(true);
    expect(env.safeParse({ status: 'error', code: 'NO_CARD', message: 'There is no Scene+ card on this account', data: null }).success).toBe(true);
    expect(env.safeParse({ status: 'ok', code: 200, message: 'OK', data: null }).success).toBe(false);
  });

  it('request bodies refuse properties the BFF refuses', () => {
    expect(c.preferredStoreBodySchema.safeParse({ storeId: '3299', uid: 'u-1' }).success).toBe(false);
    expect(c.putItemBodySchema.safeParse({ product_type: 'product', quantity: 1, extra: true }).success).toBe(false);
  });

  it('is not part of the first-load entry (src/index.ts does not import it)', () => {
    const entry = readFileSync(join(__dirname, '..', 'index.ts'), 'utf8');
    expect(entry).not.toMatch(/contracts/);
  });
});
