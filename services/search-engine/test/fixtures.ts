/** Small fixtures in the shapes the seed catalogue uses (products, stores, recipes, suggestions). */

export const products = [
  { objectID: 'p1', title: 'Old Cheddar Cheese', brand: 'Black Diamond', category: 'Dairy & Eggs', subcategory: 'Cheese', aisle: 'A12', banners: ['standard', 'premium'], storeIds: [3299, 1001], storePrices: { '3299': 6.99 }, popularity: 50, price: 6.99 },
  { objectID: 'p2', title: 'Mild Cheddar Slices', brand: 'Kraft', category: 'Dairy & Eggs', subcategory: 'Cheese', aisle: 'A12', banners: ['standard'], storeIds: [3299], storePrices: { '3299': 4.49 }, popularity: 80, price: 4.49 },
  { objectID: 'p3', title: 'Homogenized Milk 2L', brand: 'Natrel', category: 'Dairy & Eggs', subcategory: 'Milk', aisle: 'A10', banners: ['standard', 'discount'], storeIds: [3299, 1001, 2002], storePrices: {}, popularity: 95, price: 5.29 },
  { objectID: 'p4', title: 'Sourdough Bread', brand: "Ace Bakery", category: 'Bakery', subcategory: 'Bread', aisle: 'B1', banners: ['premium'], storeIds: [1001], storePrices: {}, popularity: 40, price: 4.99 },
  { objectID: 'p5', title: 'Gala Apples 3lb Bag', brand: 'Fresh Farms', category: 'Produce', subcategory: 'Fruit', aisle: 'P1', banners: ['standard', 'discount'], storeIds: [3299, 2002], storePrices: {}, popularity: 70, price: 5.99 },
  { objectID: 'p6', title: 'Crème Fraîche', brand: 'Liberté', category: 'Dairy & Eggs', subcategory: 'Cream', aisle: 'A11', banners: ['premium'], storeIds: [2002], storePrices: {}, popularity: 20, price: 3.99 },
  { objectID: 'p7', title: 'Cheddar Crackers', brand: 'Goldfish', category: 'Snacks', subcategory: 'Crackers', aisle: 'S4', banners: ['discount'], storeIds: [3299, 1001, 2002], storePrices: {}, popularity: 60, price: 2.99 },
  { objectID: 'p8', title: 'Large Brown Eggs 12', brand: 'Burnbrae', category: 'Dairy & Eggs', subcategory: 'Eggs', aisle: 'A13', banners: ['standard'], storeIds: [3299], storePrices: {}, popularity: 85, price: 4.79 },
];

export const productSettings = {
  searchableAttributes: ['title', 'brand', 'category,subcategory'],
  attributesForFaceting: ['filterOnly(storeIds)', 'filterOnly(banners)', 'category', 'brand'],
  customRanking: ['desc(popularity)'],
};

// Toronto-ish stores; distances from Union Station (43.6453, -79.3806)
export const stores = [
  { objectID: 's1', storeNumber: '1001', locationName: 'Queens Quay', address: { city: 'Toronto', postalCode: 'M5J 2H1', province: 'ON' }, _geoloc: { lat: 43.6408, lng: -79.3818 } },
  { objectID: 's2', storeNumber: '2002', locationName: 'Yonge & Bloor', address: { city: 'Toronto', postalCode: 'M4W 1A8', province: 'ON' }, _geoloc: { lat: 43.6709, lng: -79.3857 } },
  { objectID: 's3', storeNumber: '3299', locationName: 'Mississauga Square One', address: { city: 'Mississauga', postalCode: 'L5B 2C9', province: 'ON' }, _geoloc: { lat: 43.5931, lng: -79.6424 } },
  { objectID: 's4', storeNumber: '4004', locationName: 'Ottawa Rideau', address: { city: 'Ottawa', postalCode: 'K1N 9J7', province: 'ON' }, _geoloc: { lat: 45.4259, lng: -75.6923 } },
  { objectID: 's5', storeNumber: '5005', locationName: 'Montreal Centre', address: { city: 'Montréal', postalCode: 'H3B 4W8', province: 'QC' }, _geoloc: { lat: 45.5017, lng: -73.5673 } },
  { objectID: 's6', storeNumber: '6006', locationName: 'St Lawrence Market', address: { city: 'Toronto', postalCode: 'M5E 1C3', province: 'ON' }, _geoloc: { lat: 43.6487, lng: -79.3715 } },
  { objectID: 's7', storeNumber: '7007', locationName: 'Online Only', address: { city: 'Toronto', postalCode: 'M5V 0A1', province: 'ON' } },
];

export const storeSettings = {
  searchableAttributes: ['locationName', 'address.city', 'address.postalCode', 'storeNumber'],
  attributesForFaceting: ['storeNumber', 'address.province'],
};

export const recipes = [
  { objectID: 'r1', title: 'Cheddar Scones', ingredients: [{ name: 'cheddar', qty: '1 cup' }, { name: 'flour', qty: '2 cups' }], popularity: 10 },
  { objectID: 'r2', title: 'Apple Crumble', ingredients: [{ name: 'apples', qty: '6' }, { name: 'butter', qty: '100 g' }], popularity: 30 },
];

export const recipeSettings = { searchableAttributes: ['title', 'ingredients.name'], customRanking: ['desc(popularity)'] };

export const suggestions = [
  { objectID: 'q1', query: 'cheddar cheese', popularity: 900 },
  { objectID: 'q2', query: 'cheddar crackers', popularity: 300 },
  { objectID: 'q3', query: 'milk', popularity: 1200 },
];

export const suggestionSettings = { searchableAttributes: ['query'], customRanking: ['desc(popularity)'] };
