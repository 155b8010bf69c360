/**
 * The 28-tool workspace of the tool-search lesson, after the Spring AI blog's demo: plan what to wear today in
 * Landsmeer (NL) and find clothing shops open right now. Three tools solve it — `currentTime`, `weather`,
 * `clothing` — and 25 plausible distractors (a shop back office for products, perfumes and shoes, orders and
 * shipping, and a few near misses such as `getAirQuality` and `convertTimeZone`) surround them.
 *
 * Every tool works and is deterministic: times come from the injected clock, the weather is a climate model
 * seeded by place and date (not a live forecast), the shop data is fixed and fictional, and the back office
 * keeps its records in memory per workspace instance (`createWorkspace28Tools()` gives fresh ones).
 */
import { z } from 'zod';
import type { Condition, Script, ScriptBranches, ScriptTurn } from '../model-port/script';
import type { Scenario } from './scenario';
import type { Tool } from '../tool';
import { defineTool } from '../tool';
import type { Place } from '../tool-search/local-time';
import { TOOL_SEARCH_TOOL_NAME } from '../tool-search/search-tool';
import {
  findPlace,
  formatHuman,
  formatIsoLocal,
  localParts,
  parseLocalDateTime,
  unknownPlaceMessage,
  weekdayName,
} from '../tool-search/local-time';

/** The tools the Landsmeer task needs. */
export const RELEVANT_TOOL_NAMES = ['currentTime', 'weather', 'clothing'] as const;

const location = z.string().min(1).describe('City and country code, e.g. "Landsmeer, NL" or "Seoul, KR".');

function placeOrThrow(name: string): Place {
  const place = findPlace(name);
  if (!place) throw new Error(unknownPlaceMessage(name));
  return place;
}

// ── the three tools the task needs ──────────────────────────────────────────────────────────────────────────

function createCurrentTimeTool(): Tool {
  return defineTool({
    name: 'currentTime',
    description:
      'Get the current local date and time at a location, as ISO 8601 with the UTC offset ' +
      "(e.g. 2026-03-14T09:30+01:00). Use it instead of assuming today's date or the time of day.",
    schema: z.object({ location }),
    execute: ({ location: name }, ctx) => {
      const place = placeOrThrow(name);
      return formatIsoLocal(localParts(ctx.now(), place.timeZone));
    },
  });
}

/** A repeatable pseudo-random number in [0, 1) for a key (FNV-1a, then scaled). */
export function seeded(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

export function describeWeather(place: Place, epochMs: number): string {
  const parts = localParts(epochMs, place.timeZone);
  const dayKey = `${place.name}|${parts.year}-${parts.month}-${parts.day}`;
  const mean = place.monthlyMeanC[parts.month - 1]!;
  // Warmest mid-afternoon, coolest before dawn; each day is up to 3 °C off the monthly mean.
  const diurnal = 3.5 * Math.cos(((parts.hour + parts.minute / 60 - 15) / 24) * 2 * Math.PI);
  const temperature = Math.round(mean + diurnal + (seeded(`${dayKey}|t`) * 6 - 3));
  const windKph = Math.round(5 + seeded(`${dayKey}|w`) * 30);
  const feelsLike = Math.round(temperature - (temperature < 15 ? windKph / 8 : 0));
  const precipitation = Math.round(Math.min(95, seeded(`${dayKey}|p`) * 100 * (0.5 + place.wetness)));
  const sky =
    precipitation >= 60
      ? temperature <= 0
        ? 'snow showers'
        : 'light rain'
      : precipitation >= 35
        ? 'overcast'
        : 'partly sunny';
  const feel = temperature < 8 ? 'cold' : temperature < 15 ? 'cool' : temperature < 22 ? 'mild' : 'warm';
  return (
    `${place.name}, ${formatHuman(parts)}: ${temperature} °C (feels like ${feelsLike} °C), ${feel}; ${sky}; ` +
    `${precipitation}% chance of precipitation; wind ${windKph} km/h.`
  );
}

function createWeatherTool(): Tool {
  return defineTool({
    name: 'weather',
    description:
      'Get the weather at a location for a given date and time: temperature, how it feels, sky, chance of ' +
      'precipitation and wind. Useful for deciding what to wear or whether to go outside.',
    schema: z.object({
      location,
      atTime: z
        .string()
        .describe('The local date-time as ISO 8601, e.g. 2026-03-14T09:30+01:00 (what currentTime returns).'),
    }),
    execute: ({ location: name, atTime }) => {
      const place = placeOrThrow(name);
      return describeWeather(place, parseLocalDateTime(atTime, place.timeZone));
    },
  });
}

interface Shop {
  readonly name: string;
  readonly sells: string;
  readonly address: string;
  /** Opening hours per weekday, Sunday first: [opens, closes] in minutes after midnight, or null. */
  readonly hours: readonly (readonly [number, number] | null)[];
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

/** Fictional shops (any likeness to a real business is accidental). */
const SHOPS: Readonly<Record<string, readonly Shop[]>> = {
  'Landsmeer, NL': [
    {
      name: 'Dorpsstraat Mode',
      sells: "women's and men's fashion",
      address: 'Dorpsstraat 24',
      hours: [
        null,
        [h(13), h(18)],
        [h(9, 30), h(18)],
        [h(9, 30), h(18)],
        [h(9, 30), h(18)],
        [h(9, 30), h(21)],
        [h(9, 30), h(17)],
      ],
    },
    {
      name: 'Waterland Outdoor',
      sells: 'rain jackets, walking boots and outdoor wear',
      address: 'Zuideinde 5',
      hours: [
        null,
        null,
        [h(10), h(17, 30)],
        [h(10), h(17, 30)],
        [h(10), h(17, 30)],
        [h(10), h(17, 30)],
        [h(10), h(17)],
      ],
    },
    {
      name: 'Denim & Co',
      sells: 'jeans and casual wear',
      address: 'Raadhuisplein 3',
      hours: [
        [h(12), h(17)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(18)],
      ],
    },
    {
      name: 'Het Breihuis',
      sells: 'knitwear, scarves and hats',
      address: 'Noordeinde 41',
      hours: [null, null, null, [h(10), h(17)], [h(10), h(17)], [h(10), h(17)], [h(10), h(17)]],
    },
  ],
  'Amsterdam, NL': [
    {
      name: 'Noord Kledingmarkt',
      sells: 'second-hand and vintage clothing',
      address: 'Buikslotermeerplein 1',
      hours: [
        [h(11), h(17)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(18)],
        [h(10), h(21)],
        [h(10), h(18)],
        [h(9), h(18)],
      ],
    },
    {
      name: 'Grachtengordel Tailors',
      sells: 'suits, shirts and coats',
      address: 'Herengracht 112',
      hours: [null, null, [h(10), h(18)], [h(10), h(18)], [h(10), h(18)], [h(10), h(18)], [h(10), h(17)]],
    },
  ],
};

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function createClothingTool(): Tool {
  return defineTool({
    name: 'clothing',
    description:
      'Find clothing shops at a location that are open at a given date and time, with what they sell, their ' +
      'address and closing time.',
    schema: z.object({
      location,
      openAtTime: z
        .string()
        .describe('The local date-time as ISO 8601, e.g. 2026-03-14T09:30+01:00; only shops open then are listed.'),
    }),
    execute: ({ location: name, openAtTime }) => {
      const place = placeOrThrow(name);
      const shops = SHOPS[place.name];
      if (!shops) {
        throw new Error(`No shop data for ${place.name}. Shop data exists for: ${Object.keys(SHOPS).join('; ')}.`);
      }
      const parts = localParts(parseLocalDateTime(openAtTime, place.timeZone), place.timeZone);
      const minute = parts.hour * 60 + parts.minute;
      const when = `${weekdayName(parts.weekday)} ${hhmm(minute)}`;
      const open = shops.flatMap((shop) => {
        const hours = shop.hours[parts.weekday];
        return hours && minute >= hours[0] && minute < hours[1] ? [{ shop, closes: hours[1] }] : [];
      });
      if (open.length === 0) {
        return `None of the ${shops.length} clothing shops in ${place.name} is open at ${when}.`;
      }
      const list = open
        .map(({ shop, closes }) => `${shop.name} (${shop.sells}; ${shop.address}; open until ${hhmm(closes)})`)
        .join('; ');
      return `${open.length} of ${shops.length} clothing shops in ${place.name} are open at ${when}: ${list}.`;
    },
  });
}

// ── the 25 distractors: a shop back office and a few near misses ────────────────────────────────────────────

interface Product {
  sku: string;
  name: string;
  category: string;
  priceEur: number;
}
interface Perfume {
  id: string;
  name: string;
  brand: string;
  notes: string[];
  sizeMl: number;
}
interface ShoeModel {
  id: string;
  name: string;
  stock: Record<string, number>;
}
interface Order {
  id: string;
  sku: string;
  quantity: number;
  status: 'placed' | 'shipped' | 'cancelled';
}

/** The back office's records: one set per workspace instance. */
class BackOffice {
  products = new Map<string, Product>([
    ['SKU-1001', { sku: 'SKU-1001', name: 'Merino crew-neck jumper', category: 'knitwear', priceEur: 89 }],
    ['SKU-1002', { sku: 'SKU-1002', name: 'Waxed cotton cap', category: 'accessories', priceEur: 35 }],
    ['SKU-1003', { sku: 'SKU-1003', name: 'Leather belt', category: 'accessories', priceEur: 49 }],
  ]);
  perfumes = new Map<string, Perfume>([
    [
      'P-1',
      {
        id: 'P-1',
        name: 'Polder Morning',
        brand: 'Maison Waterland',
        notes: ['bergamot', 'cut grass', 'vetiver'],
        sizeMl: 50,
      },
    ],
    [
      'P-2',
      { id: 'P-2', name: 'Amber Canal', brand: 'Maison Waterland', notes: ['amber', 'vanilla', 'tonka'], sizeMl: 100 },
    ],
  ]);
  shoes = new Map<string, ShoeModel>([
    ['S-1', { id: 'S-1', name: 'Commuter leather sneaker', stock: { '40': 3, '41': 0, '42': 5, '43': 2 } }],
    ['S-2', { id: 'S-2', name: 'Lined Chelsea boot', stock: { '38': 2, '39': 4, '42': 1 } }],
  ]);
  orders = new Map<string, Order>();
  private nextId = 1;

  id(prefix: string): string {
    return `${prefix}-${String(this.nextId++).padStart(4, '0')}`;
  }
}

function notFound(kind: string, id: string): Error {
  return new Error(`No ${kind} with id "${id}".`);
}

const json = (value: unknown) => JSON.stringify(value);

function createDistractors(office: BackOffice): Tool[] {
  const sku = z.string().min(1).describe('The product SKU, e.g. "SKU-1001".');
  const rates: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 162.4, KRW: 1478, CHF: 0.95 };
  const vatRates: Record<string, number> = { NL: 21, DE: 19, BE: 21, FR: 20, GB: 20, KR: 10 };
  return [
    // products
    defineTool({
      name: 'createProduct',
      description: 'Create a product in the shop catalog with a name, category and price. Returns the new SKU.',
      schema: z.object({
        name: z.string().min(1).describe('Product name as shown to customers.'),
        category: z.string().min(1).describe('Catalog category, e.g. "knitwear" or "accessories".'),
        priceEur: z.number().positive().describe('Price in euros, VAT included.'),
      }),
      execute: (args) => {
        const product = { sku: office.id('SKU'), ...args };
        office.products.set(product.sku, product);
        return json(product);
      },
    }),
    defineTool({
      name: 'getProduct',
      description: 'Get a catalog product by SKU: name, category and price.',
      schema: z.object({ sku }),
      execute: ({ sku: id }) => json(office.products.get(id) ?? throwError(notFound('product', id))),
    }),
    defineTool({
      name: 'updateProductPrice',
      description: 'Change the price of a catalog product. Returns the product with its new price.',
      schema: z.object({ sku, priceEur: z.number().positive().describe('New price in euros, VAT included.') }),
      execute: ({ sku: id, priceEur }) => {
        const product = office.products.get(id) ?? throwError(notFound('product', id));
        product.priceEur = priceEur;
        return json(product);
      },
    }),
    defineTool({
      name: 'deleteProduct',
      description: 'Remove a product from the shop catalog by SKU.',
      schema: z.object({ sku }),
      execute: ({ sku: id }) => {
        if (!office.products.delete(id)) throw notFound('product', id);
        return `Deleted ${id}.`;
      },
    }),
    defineTool({
      name: 'listProductsByCategory',
      description: 'List the catalog products of one category, with SKU, name and price.',
      schema: z.object({ category: z.string().min(1).describe('Catalog category, e.g. "accessories".') }),
      execute: ({ category }) =>
        json([...office.products.values()].filter((p) => p.category.toLowerCase() === category.toLowerCase())),
    }),
    // perfumes
    defineTool({
      name: 'addPerfume',
      description: 'Add a perfume to the fragrance range with its brand, scent notes and bottle size.',
      schema: z.object({
        name: z.string().min(1).describe('Perfume name.'),
        brand: z.string().min(1).describe('Brand or perfume house.'),
        notes: z.array(z.string()).min(1).describe('Scent notes, e.g. ["bergamot", "vetiver"].'),
        sizeMl: z.number().int().positive().describe('Bottle size in millilitres.'),
      }),
      execute: (args) => {
        const perfume = { id: office.id('P'), ...args };
        office.perfumes.set(perfume.id, perfume);
        return json(perfume);
      },
    }),
    defineTool({
      name: 'getPerfume',
      description: 'Get a perfume from the fragrance range by id: brand, scent notes and size.',
      schema: z.object({ id: z.string().min(1).describe('Perfume id, e.g. "P-1".') }),
      execute: ({ id }) => json(office.perfumes.get(id) ?? throwError(notFound('perfume', id))),
    }),
    defineTool({
      name: 'searchPerfumesByNote',
      description: 'Find perfumes in the fragrance range that contain a scent note, such as vanilla or vetiver.',
      schema: z.object({ note: z.string().min(1).describe('One scent note.') }),
      execute: ({ note }) =>
        json([...office.perfumes.values()].filter((p) => p.notes.some((n) => n.toLowerCase() === note.toLowerCase()))),
    }),
    defineTool({
      name: 'deletePerfume',
      description: 'Remove a perfume from the fragrance range by id.',
      schema: z.object({ id: z.string().min(1).describe('Perfume id, e.g. "P-1".') }),
      execute: ({ id }) => {
        if (!office.perfumes.delete(id)) throw notFound('perfume', id);
        return `Deleted ${id}.`;
      },
    }),
    // shoes
    defineTool({
      name: 'addShoeModel',
      description: 'Add a shoe model to the footwear range, with its initial stock per EU size.',
      schema: z.object({
        name: z.string().min(1).describe('Shoe model name.'),
        stock: z.record(z.string(), z.number().int().min(0)).describe('Pairs in stock per EU size, e.g. {"42": 3}.'),
      }),
      execute: (args) => {
        const shoe = { id: office.id('S'), ...args };
        office.shoes.set(shoe.id, shoe);
        return json(shoe);
      },
    }),
    defineTool({
      name: 'getShoeStock',
      description: 'Get the pairs in stock per EU size for a shoe model.',
      schema: z.object({ id: z.string().min(1).describe('Shoe model id, e.g. "S-1".') }),
      execute: ({ id }) => json(office.shoes.get(id) ?? throwError(notFound('shoe model', id))),
    }),
    defineTool({
      name: 'updateShoeStock',
      description: 'Set the number of pairs in stock for one EU size of a shoe model, after a delivery or a count.',
      schema: z.object({
        id: z.string().min(1).describe('Shoe model id, e.g. "S-1".'),
        size: z.string().min(1).describe('EU size, e.g. "42".'),
        pairs: z.number().int().min(0).describe('Pairs now in stock.'),
      }),
      execute: ({ id, size, pairs }) => {
        const shoe = office.shoes.get(id) ?? throwError(notFound('shoe model', id));
        shoe.stock[size] = pairs;
        return json(shoe);
      },
    }),
    defineTool({
      name: 'findShoesBySize',
      description: 'List the shoe models that have at least one pair in stock in an EU size.',
      schema: z.object({ size: z.string().min(1).describe('EU size, e.g. "42".') }),
      execute: ({ size }) =>
        json(
          [...office.shoes.values()]
            .filter((s) => (s.stock[size] ?? 0) > 0)
            .map((s) => ({ id: s.id, name: s.name, pairs: s.stock[size] })),
        ),
    }),
    // orders and shipping
    defineTool({
      name: 'createOrder',
      description: 'Place a customer order for a quantity of a catalog product. Returns the order id.',
      schema: z.object({ sku, quantity: z.number().int().positive().describe('How many items.') }),
      execute: ({ sku: id, quantity }) => {
        if (!office.products.has(id)) throw notFound('product', id);
        const order: Order = { id: office.id('ORD'), sku: id, quantity, status: 'placed' };
        office.orders.set(order.id, order);
        return json(order);
      },
    }),
    defineTool({
      name: 'getOrderStatus',
      description: 'Get the status of a customer order: placed, shipped or cancelled.',
      schema: z.object({ orderId: z.string().min(1).describe('Order id, e.g. "ORD-0001".') }),
      execute: ({ orderId }) => json(office.orders.get(orderId) ?? throwError(notFound('order', orderId))),
    }),
    defineTool({
      name: 'cancelOrder',
      description: 'Cancel a customer order that has not shipped yet.',
      schema: z.object({ orderId: z.string().min(1).describe('Order id, e.g. "ORD-0001".') }),
      execute: ({ orderId }) => {
        const order = office.orders.get(orderId) ?? throwError(notFound('order', orderId));
        if (order.status === 'shipped') throw new Error(`Order ${orderId} has shipped and can no longer be cancelled.`);
        order.status = 'cancelled';
        return json(order);
      },
    }),
    defineTool({
      name: 'trackParcel',
      description: 'Track a parcel by its carrier tracking code: where it is and the expected delivery day.',
      schema: z.object({
        trackingCode: z.string().min(6).describe('The carrier tracking code, e.g. "3SABCD1234567".'),
      }),
      execute: ({ trackingCode }) => {
        const stages = ['label created', 'at the sorting centre', 'out for delivery', 'delivered'];
        const stage = stages[Math.floor(seeded(trackingCode) * stages.length)]!;
        return `Parcel ${trackingCode}: ${stage}.`;
      },
    }),
    defineTool({
      name: 'estimateShippingCost',
      description: 'Estimate the cost of shipping a parcel of a given weight to a country.',
      schema: z.object({
        weightKg: z.number().positive().describe('Parcel weight in kilograms.'),
        country: z.string().length(2).describe('Destination as an ISO country code, e.g. "DE".'),
      }),
      execute: ({ weightKg, country }) => {
        const base = country.toUpperCase() === 'NL' ? 4.95 : 9.5;
        return `Shipping ${weightKg} kg to ${country.toUpperCase()}: about €${(base + weightKg * 1.2).toFixed(2)}.`;
      },
    }),
    // near misses and general utilities
    defineTool({
      name: 'convertCurrency',
      description: 'Convert an amount of money between currencies (EUR, USD, GBP, JPY, KRW, CHF) at reference rates.',
      schema: z.object({
        amount: z.number().describe('The amount to convert.'),
        from: z.string().length(3).describe('ISO currency code, e.g. "EUR".'),
        to: z.string().length(3).describe('ISO currency code, e.g. "USD".'),
      }),
      execute: ({ amount, from, to }) => {
        const a = rates[from.toUpperCase()];
        const b = rates[to.toUpperCase()];
        if (a === undefined || b === undefined) throw new Error(`Known currencies: ${Object.keys(rates).join(', ')}.`);
        return `${amount} ${from.toUpperCase()} = ${((amount / a) * b).toFixed(2)} ${to.toUpperCase()}`;
      },
    }),
    defineTool({
      name: 'calculateSalesTax',
      description: 'Calculate the VAT included in a gross price for a country.',
      schema: z.object({
        grossPrice: z.number().positive().describe('Price including VAT.'),
        country: z.string().length(2).describe('ISO country code, e.g. "NL".'),
      }),
      execute: ({ grossPrice, country }) => {
        const rate = vatRates[country.toUpperCase()];
        if (rate === undefined) throw new Error(`Known VAT countries: ${Object.keys(vatRates).join(', ')}.`);
        return `VAT at ${rate}%: ${(grossPrice - grossPrice / (1 + rate / 100)).toFixed(2)} of ${grossPrice.toFixed(2)}.`;
      },
    }),
    defineTool({
      name: 'createDiscountCode',
      description: 'Create a promotional discount code worth a percentage off, valid for a number of days.',
      schema: z.object({
        percent: z.number().int().min(1).max(90).describe('Discount in percent.'),
        validDays: z.number().int().min(1).max(365).describe('How many days the code stays valid.'),
      }),
      execute: ({ percent, validDays }) => `Code ${office.id('PROMO')} gives ${percent}% off for ${validDays} days.`,
    }),
    defineTool({
      name: 'getAirQuality',
      description: 'Get the air quality index (AQI) and the main pollutant at a location today.',
      schema: z.object({ location }),
      execute: ({ location: name }) => {
        const place = placeOrThrow(name);
        const aqi = Math.round(15 + seeded(`${place.name}|aqi`) * 60);
        return `${place.name}: AQI ${aqi} (${aqi <= 50 ? 'good' : 'moderate'}), main pollutant PM2.5.`;
      },
    }),
    defineTool({
      name: 'convertTimeZone',
      description: 'Convert a given date-time from one IANA time zone to another, e.g. for scheduling a call.',
      schema: z.object({
        dateTime: z.string().describe('ISO 8601 date-time without offset, e.g. 2026-03-14T09:30.'),
        fromZone: z.string().min(1).describe('IANA time zone of dateTime, e.g. "Europe/Amsterdam".'),
        toZone: z.string().min(1).describe('IANA time zone to convert to, e.g. "Asia/Seoul".'),
      }),
      execute: ({ dateTime, fromZone, toZone }) => {
        const instant = parseLocalDateTime(dateTime.replace(/(Z|[+-]\d{2}:?\d{2})$/, ''), fromZone);
        return formatIsoLocal(localParts(instant, toZone));
      },
    }),
    defineTool({
      name: 'getPublicHolidays',
      description: 'List the public holidays of a country in a year.',
      schema: z.object({
        country: z.string().length(2).describe('ISO country code, e.g. "NL".'),
        year: z.number().int().min(2000).max(2100).describe('The year.'),
      }),
      execute: ({ country, year }) => {
        if (country.toUpperCase() !== 'NL') throw new Error('Holiday data is available for NL only.');
        return `NL ${year}: New Year's Day (01-01), King's Day (04-27), Liberation Day (05-05), Christmas (12-25, 12-26).`;
      },
    }),
    defineTool({
      name: 'translateText',
      description: 'Translate a short text between English and Dutch using the shop glossary.',
      schema: z.object({
        text: z.string().min(1).describe('The text to translate.'),
        targetLanguage: z.enum(['en', 'nl']).describe('Language to translate into.'),
      }),
      execute: ({ text, targetLanguage }) => {
        const glossary: Record<string, string> = {
          jacket: 'jas',
          shoes: 'schoenen',
          open: 'open',
          closed: 'gesloten',
          sale: 'uitverkoop',
        };
        const pairs =
          targetLanguage === 'nl' ? glossary : Object.fromEntries(Object.entries(glossary).map(([a, b]) => [b, a]));
        return text.replace(/\p{L}+/gu, (word) => pairs[word.toLowerCase()] ?? word);
      },
    }),
  ];
}

function throwError(error: Error): never {
  throw error;
}

/** Fresh instances of the 28 tools: the three the task needs first, then the 25 distractors. */
export function createWorkspace28Tools(): Tool[] {
  return [createCurrentTimeTool(), createWeatherTool(), createClothingTool(), ...createDistractors(new BackOffice())];
}

/**
 * The 28 tools' names in order, written out: making the tools to read their names would build every schema at
 * start-up (tens of milliseconds of a first load). workspace-28.test.ts holds this list equal to the tools' names.
 */
export const WORKSPACE_28_TOOL_NAMES: readonly string[] = [
  'currentTime',
  'weather',
  'clothing',
  'createProduct',
  'getProduct',
  'updateProductPrice',
  'deleteProduct',
  'listProductsByCategory',
  'addPerfume',
  'getPerfume',
  'searchPerfumesByNote',
  'deletePerfume',
  'addShoeModel',
  'getShoeStock',
  'updateShoeStock',
  'findShoesBySize',
  'createOrder',
  'getOrderStatus',
  'cancelOrder',
  'trackParcel',
  'estimateShippingCost',
  'convertCurrency',
  'calculateSalesTax',
  'createDiscountCode',
  'getAirQuality',
  'convertTimeZone',
  'getPublicHolidays',
  'translateText',
];

// ── the scenario ────────────────────────────────────────────────────────────────────────────────────────────

export const LANDSMEER_SCENARIO_ID = 'tool-search-landsmeer';

export const LANDSMEER_USER_PROMPT =
  'Help me plan what to wear today in Landsmeer, NL. Please suggest clothing shops that are open right now in ' +
  'the area. Do not make assumptions about the date, time. Use the tools for getting the current time.';

const PLACE = 'Landsmeer, NL';
const SEARCH_ON: Condition = { kind: 'tool-offered', tool: TOOL_SEARCH_TOOL_NAME };
const SEARCH_OFF: Condition = { kind: 'not', condition: SEARCH_ON };
const found = (name: string): Condition => ({
  kind: 'result-includes',
  tool: TOOL_SEARCH_TOOL_NAME,
  text: `"${name}"`,
});
const notFoundBySearch = (name: string): Condition => ({ kind: 'not', condition: found(name) });
const failed = (tool: string): Condition => ({ kind: 'tool-failed', tool });
const all = (...conditions: Condition[]): Condition => ({ kind: 'all', conditions });

const cannotFind = (what: string): ScriptTurn => ({
  text:
    `I searched for a ${what} tool but the search returned {{last:${TOOL_SEARCH_TOOL_NAME}}}, so I cannot ` +
    'answer without guessing. Try the other index, or search on with a different query.',
});

const toolFailed = (tool: string): ScriptTurn => ({
  text: `The ${tool} tool failed ("{{last:${tool}}}"), so I cannot plan your outfit without guessing.`,
});

const plan = (advice: string): ScriptTurn => ({
  text:
    'Here is your plan for today in Landsmeer (local time {{last:currentTime}}).\n\n' +
    'Weather: {{last:weather}}\n\n' +
    `What to wear: ${advice}\n\n` +
    'Clothing shops open right now: {{last:clothing}}',
});

/** The last turn's branches: advice that follows the weather the tool reported. */
function finalBranches(when: Condition): ScriptBranches['branches'] {
  const advice: [Condition, ScriptTurn][] = [
    [failed('currentTime'), toolFailed('currentTime')],
    [failed('weather'), toolFailed('weather')],
    [failed('clothing'), toolFailed('clothing')],
    [weatherSays('snow'), plan('a warm waterproof coat, gloves, a hat and boots with grip.')],
    [weatherSays('rain'), plan('a waterproof jacket with a hood over a warm layer, and shoes that can take puddles.')],
    [weatherSays('cold'), plan('a warm coat over a jumper, with a scarf; layers you can take off indoors.')],
    [weatherSays('cool'), plan('a light jacket or a jumper over a long-sleeved top.')],
    [weatherSays('mild'), plan('a long-sleeved top, with a light layer for the evening.')],
    [when, plan('light clothes, sunglasses and something to drink.')],
  ];
  return advice.map(([condition, turn]) => ({ when: all(when, condition), turn }));
}

const weatherSays = (text: string): Condition => ({ kind: 'result-includes', tool: 'weather', text });
const ALWAYS: Condition = { kind: 'all', conditions: [] };

const CURRENT_TIME_CALL = { name: 'currentTime', arguments: { location: PLACE } };
const WEATHER_CALL = { name: 'weather', arguments: { location: PLACE, atTime: '{{last:currentTime}}' } };
const CLOTHING_CALL = { name: 'clothing', arguments: { location: PLACE, openAtTime: '{{last:currentTime}}' } };
const search = (query: string) => ({ name: TOOL_SEARCH_TOOL_NAME, arguments: { query, maxResults: 2 } });

/**
 * One script for both settings, told apart by whether the request offers `toolSearchTool`.
 *
 * Search on (the Spring AI demo's flow, 5 model calls): search the time tool → call it and search a weather
 * tool → call it and search a clothing-shop tool → call it → answer. Each call waits for the search that found
 * its tool; a search that misses ends the run with an honest answer instead of calling an unoffered tool.
 *
 * Search off (3 model calls): current time → weather and shops together → answer.
 */
export const LANDSMEER_SCRIPT: Script = {
  steps: [
    {
      branches: [{ when: SEARCH_ON, turn: { toolCalls: [search('current time at a location')] } }],
      otherwise: { toolCalls: [CURRENT_TIME_CALL] },
    },
    {
      branches: [
        { when: all(SEARCH_OFF, failed('currentTime')), turn: toolFailed('currentTime') },
        { when: SEARCH_OFF, turn: { toolCalls: [WEATHER_CALL, CLOTHING_CALL] } },
        { when: notFoundBySearch('currentTime'), turn: cannotFind('current time') },
      ],
      otherwise: { toolCalls: [CURRENT_TIME_CALL, search('weather forecast')] },
    },
    {
      branches: [
        ...finalBranches(SEARCH_OFF),
        { when: failed('currentTime'), turn: toolFailed('currentTime') },
        { when: notFoundBySearch('weather'), turn: cannotFind('weather') },
      ],
      otherwise: { toolCalls: [WEATHER_CALL, search('clothing shops open now')] },
    },
    {
      branches: [
        { when: failed('weather'), turn: toolFailed('weather') },
        { when: notFoundBySearch('clothing'), turn: cannotFind('clothing shop') },
      ],
      otherwise: { toolCalls: [CLOTHING_CALL] },
    },
    { branches: finalBranches(ALWAYS), otherwise: plan('light clothes, sunglasses and something to drink.') },
  ],
};

export const LANDSMEER_SCENARIO: Scenario = {
  id: LANDSMEER_SCENARIO_ID,
  title: 'Tool search: 28 tools, 3 needed',
  description:
    'Plan what to wear in Landsmeer among 28 tools. With tool search on, the model first sees only toolSearchTool ' +
    'and the tools it finds join the next requests; untick toolSearchTool to send all 28 every round and compare ' +
    'the tokens.',
  tryThis:
    'Run to end with tool search on and read the Metrics tab; then untick toolSearchTool, New run, and compare the prompt tokens.',
  system:
    'You are a helpful assistant. Use the tools for facts such as the date, the time and the weather; never guess.',
  user: LANDSMEER_USER_PROMPT,
  toolNames: [TOOL_SEARCH_TOOL_NAME, ...WORKSPACE_28_TOOL_NAMES],
  script: LANDSMEER_SCRIPT,
};
