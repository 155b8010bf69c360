/**
 * Made-up tools, to learn (and measure) choosing a tool by its description and copying values into its arguments.
 * Each archetype has several names and parameter names, drawn per conversation, so the model has to read the tool
 * list rather than remember one name; the held-out archetypes never appear in training ("unseen tools").
 */
import type { Prng } from '../../src/engine/prng';
import type { Tool } from '../../src/engine/tool';
import type { RenderedConversation } from './conversation';
import { Session } from './conversation';
import type { RandomToolSpec } from './lesson-tools';
import type { FamilyContext } from './families';
import type { Split } from './world';
import { CITIES, intBetween, numberIn, pick, PRODUCTS } from './world';

interface Param {
  readonly keys: readonly string[];
  readonly kind: 'string' | 'number' | 'integer';
  readonly description: string;
  readonly value: (rng: Prng, split: Split) => string | number;
}

interface Archetype {
  readonly names: readonly string[];
  readonly description: string;
  readonly params: readonly Param[];
  /** Questions; `{p0}`, `{p1}` are the parameter values. */
  readonly asks: readonly string[];
  /** The tool's result; `{p0}`… and `{n}` (a number it makes up). */
  readonly result: string;
  /** The answer; same placeholders plus `{result}`. */
  readonly answer: string;
}

const WORDS = [
  'apple',
  'river',
  'garden',
  'window',
  'planet',
  'silver',
  'thunder',
  'pencil',
  'harbor',
  'lantern',
  'meadow',
  'rocket',
];
const CURRENCIES = ['USD', 'EUR', 'KRW', 'JPY', 'GBP', 'CHF', 'CAD', 'AUD'];
const LANGUAGES = ['French', 'Korean', 'Spanish', 'German', 'Japanese', 'Italian'];
const TEAMS = ['Falcons', 'Tigers', 'Comets', 'Rovers', 'Pioneers', 'Wolves'];
const city = (rng: Prng) => pick(rng, CITIES).name;

const ARCHETYPES: readonly Archetype[] = [
  {
    names: ['get_weather', 'weather_forecast', 'check_weather', 'lookup_weather'],
    description: 'Returns the weather forecast for a city: temperature and sky.',
    params: [{ keys: ['city', 'location'], kind: 'string', description: 'The city, e.g. "Lima".', value: city }],
    asks: ['What is the weather like in {p0}?', 'Get me the weather forecast for {p0}.', 'Will it be sunny in {p0}?'],
    result: 'Weather in {p0}: {n} °C, partly cloudy.',
    answer: 'The forecast for {p0}: {result}',
  },
  {
    names: ['convert_currency', 'currency_exchange', 'exchange_money'],
    description: "Converts an amount of money from one currency to another at today's rate.",
    params: [
      {
        keys: ['amount'],
        kind: 'number',
        description: 'The amount to convert.',
        value: (rng, s) => numberIn(rng, s, 5, 5000),
      },
      {
        keys: ['from', 'source'],
        kind: 'string',
        description: 'The currency code to convert from, e.g. "USD".',
        value: (rng) => pick(rng, CURRENCIES),
      },
      {
        keys: ['to', 'target'],
        kind: 'string',
        description: 'The currency code to convert to, e.g. "EUR".',
        value: (rng) => pick(rng, CURRENCIES),
      },
    ],
    asks: ['How much is {p0} {p1} in {p2}?', 'Convert {p0} {p1} to {p2}.', 'What are {p0} {p1} worth in {p2}?'],
    result: '{p0} {p1} = {n} {p2}',
    answer: '{p0} {p1} is {n} {p2}.',
  },
  {
    names: ['translate_word', 'translate', 'word_translation'],
    description: 'Translates one English word into another language.',
    params: [
      { keys: ['word', 'text'], kind: 'string', description: 'The English word.', value: (rng) => pick(rng, WORDS) },
      {
        keys: ['language', 'target_language'],
        kind: 'string',
        description: 'The language to translate into, e.g. "French".',
        value: (rng) => pick(rng, LANGUAGES),
      },
    ],
    asks: ['How do you say {p0} in {p1}?', 'Translate the word {p0} into {p1}.', 'What is {p0} in {p1}?'],
    result: '"{p0}" in {p1}: [{p0}-{n}]',
    answer: 'In {p1}, {p0} is {result}.',
  },
  {
    names: ['get_population', 'city_population', 'population_of'],
    description: 'Returns the population of a city.',
    params: [{ keys: ['city', 'name'], kind: 'string', description: 'The city name.', value: city }],
    asks: ['How many people live in {p0}?', 'What is the population of {p0}?', 'Find the population of {p0}.'],
    result: '{p0}: {n} inhabitants',
    answer: '{p0} has {n} inhabitants.',
  },
  {
    names: ['book_table', 'reserve_table', 'restaurant_booking'],
    description: 'Books a table at the restaurant for a number of people at a time of day.',
    params: [
      {
        keys: ['people', 'guests'],
        kind: 'integer',
        description: 'How many people.',
        value: (rng) => intBetween(rng, 1, 12),
      },
      {
        keys: ['time', 'at'],
        kind: 'string',
        description: 'The time, as HH:MM.',
        value: (rng) => `${intBetween(rng, 11, 22)}:${pick(rng, ['00', '15', '30', '45'])}`,
      },
    ],
    asks: [
      'Book a table for {p0} at {p1}.',
      'Can you reserve a table for {p0} people at {p1}?',
      'I need a table for {p0} at {p1}, please.',
    ],
    result: 'Booked: table for {p0} at {p1}, booking #{n}.',
    answer: 'Your table for {p0} at {p1} is booked (booking #{n}).',
  },
  {
    names: ['get_distance', 'distance_between', 'travel_distance'],
    description: 'Returns the distance in kilometres between two cities.',
    params: [
      { keys: ['from', 'origin'], kind: 'string', description: 'The first city.', value: city },
      { keys: ['to', 'destination'], kind: 'string', description: 'The second city.', value: city },
    ],
    asks: [
      'How far is {p0} from {p1}?',
      'What is the distance between {p0} and {p1}?',
      'How many kilometres from {p0} to {p1}?',
    ],
    result: '{p0} to {p1}: {n} km',
    answer: 'It is {n} km from {p0} to {p1}.',
  },
  {
    names: ['track_package', 'parcel_status', 'shipment_tracking'],
    description: 'Returns where a parcel is, by its tracking number.',
    params: [
      {
        keys: ['tracking_number', 'parcel_id'],
        kind: 'string',
        description: 'The tracking number, e.g. "TR-4821".',
        value: (rng, s) => `TR-${numberIn(rng, s, 1000, 9999)}`,
      },
    ],
    asks: ['Where is my parcel {p0}?', 'Track the package {p0}.', 'What is the status of shipment {p0}?'],
    result: 'Parcel {p0}: in transit, {n} km from you.',
    answer: 'Your parcel {p0} is in transit, {n} km away.',
  },
  {
    names: ['word_count', 'count_letters', 'letter_count'],
    description: 'Counts the letters of a word.',
    params: [{ keys: ['word'], kind: 'string', description: 'The word.', value: (rng) => pick(rng, WORDS) }],
    asks: ['How many letters does {p0} have?', 'Count the letters in {p0}.', 'What is the length of the word {p0}?'],
    result: '{p0}: {len} letters',
    answer: 'The word {p0} has {len} letters.',
  },
  {
    names: ['team_score', 'match_result', 'latest_score'],
    description: "Returns the score of a sports team's latest match.",
    params: [{ keys: ['team'], kind: 'string', description: 'The team name.', value: (rng) => pick(rng, TEAMS) }],
    asks: [
      'How did the {p0} do in their last match?',
      'What was the score of the {p0} game?',
      'Did the {p0} win yesterday?',
    ],
    result: 'The {p0} won {n} to 2.',
    answer: 'The {p0} won their latest match {n} to 2.',
  },
  {
    names: ['stock_price', 'share_price', 'get_quote'],
    description: 'Returns the latest share price of a company by its ticker symbol.',
    params: [
      {
        keys: ['ticker', 'symbol'],
        kind: 'string',
        description: 'The ticker, e.g. "ACME".',
        value: (rng) => pick(rng, ['ACME', 'GLOBX', 'INITech', 'UMBR', 'WAYNE', 'STARK']),
      },
    ],
    asks: ['What is the share price of {p0}?', 'How much does one {p0} share cost?', 'Get the latest quote for {p0}.'],
    result: '{p0}: {n}.25 USD',
    answer: 'One {p0} share costs {n}.25 USD.',
  },
  {
    names: ['set_timer', 'start_timer', 'countdown'],
    description: 'Starts a timer for a number of minutes.',
    params: [
      { keys: ['minutes'], kind: 'integer', description: 'How many minutes.', value: (rng) => intBetween(rng, 1, 90) },
    ],
    asks: ['Set a timer for {p0} minutes.', 'Start a {p0} minute timer.', 'Remind me in {p0} minutes.'],
    result: 'Timer set: {p0} minutes (timer #{n}).',
    answer: 'Your timer for {p0} minutes is running (timer #{n}).',
  },
  {
    names: ['product_rating', 'get_reviews', 'review_score'],
    description: 'Returns the average customer rating of a product, from 1 to 5.',
    params: [
      {
        keys: ['product', 'item'],
        kind: 'string',
        description: 'The product name.',
        value: (rng) => pick(rng, PRODUCTS).name,
      },
    ],
    asks: ['How do customers rate the {p0}?', 'What is the rating of the {p0}?', 'Are the reviews of the {p0} good?'],
    result: '{p0}: 4.{d} out of 5',
    answer: 'The {p0} is rated 4.{d} out of 5.',
  },
  // Held out: never in training.
  {
    names: ['get_sunrise', 'sunrise_time'],
    description: 'Returns the time of sunrise in a city today.',
    params: [{ keys: ['city'], kind: 'string', description: 'The city.', value: city }],
    asks: ['When does the sun rise in {p0}?', 'What time is sunrise in {p0}?'],
    result: 'Sunrise in {p0}: 06:{n}',
    answer: 'The sun rises at 06:{n} in {p0}.',
  },
  {
    names: ['order_pizza', 'pizza_order'],
    description: 'Orders a number of pizzas of one kind for delivery.',
    params: [
      { keys: ['count'], kind: 'integer', description: 'How many pizzas.', value: (rng) => intBetween(rng, 1, 9) },
      {
        keys: ['kind'],
        kind: 'string',
        description: 'The pizza, e.g. "margherita".',
        value: (rng) => pick(rng, ['margherita', 'hawaii', 'funghi', 'diavola']),
      },
    ],
    asks: ['Order {p0} {p1} pizzas.', 'I want {p0} {p1} pizzas delivered.'],
    result: 'Ordered {p0} × {p1}, order #{n}.',
    answer: 'Your {p0} {p1} pizzas are ordered (order #{n}).',
  },
  {
    names: ['check_flight', 'flight_status'],
    description: 'Returns the status of a flight by its flight number.',
    params: [
      {
        keys: ['flight'],
        kind: 'string',
        description: 'The flight number, e.g. "KE901".',
        value: (rng, s) => `KE${numberIn(rng, s, 100, 999)}`,
      },
    ],
    asks: ['Is flight {p0} on time?', 'What is the status of flight {p0}?'],
    result: 'Flight {p0}: delayed by {n} minutes.',
    answer: 'Flight {p0} is delayed by {n} minutes.',
  },
];

const UNSEEN = 3;

function fillIn(
  text: string,
  values: readonly (string | number)[],
  extra: Readonly<Record<string, string | number>>,
): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const m = /^p(\d)$/.exec(key);
    if (m) return String(values[Number(m[1])]);
    const v = extra[key];
    if (v === undefined) throw new Error(`random tools: no {${key}}`);
    return String(v);
  });
}

export async function randomToolFamily(
  ctx: FamilyContext,
  presets: readonly Tool[],
  makeTool: (spec: RandomToolSpec) => Tool,
  expose: (rng: Prng, needed: readonly Tool[], pool: readonly Tool[], max?: number) => Tool[],
  unseen = false,
): Promise<RenderedConversation> {
  const { rng, split } = ctx;
  const pool = unseen ? ARCHETYPES.slice(ARCHETYPES.length - UNSEEN) : ARCHETYPES.slice(0, ARCHETYPES.length - UNSEEN);
  const archetype = pick(rng, pool);
  const keys = archetype.params.map((p) => pick(rng, p.keys));
  let values = archetype.params.map((p) => p.value(rng, split));
  // Two parameters of one kind (from/to) get different values.
  if (values.length > 1 && new Set(values).size < values.length)
    values = archetype.params.map((p) => p.value(rng, split));
  const n = intBetween(rng, 2, 999);
  const extra = { n, d: intBetween(rng, 0, 9), len: String(values[0]).length };
  const name = pick(rng, archetype.names);
  const made = makeTool({
    name,
    description: archetype.description,
    params: archetype.params.map((p, i) => ({ key: keys[i]!, kind: p.kind, description: p.description })),
    answer: () => fillIn(archetype.result, values, extra),
  });
  // Distractors: other made-up tools (as another conversation would name them) and presets.
  const known = unseen ? ARCHETYPES : ARCHETYPES.slice(0, ARCHETYPES.length - UNSEEN);
  const others = known
    .filter((a) => a !== archetype)
    .map((a) =>
      makeTool({
        name: pick(rng, a.names),
        description: a.description,
        params: a.params.map((p) => ({ key: p.keys[0]!, kind: p.kind, description: p.description })),
        answer: () => '',
      }),
    )
    .filter((t) => t.name !== name);
  const distractors = [...others.slice(0, 6), ...presets.slice(0, 4)];
  const tools = expose(rng, [made], distractors, 5);
  const session = new Session(
    unseen ? 'unseen-tool' : 'random-tool',
    'en',
    'You are a helpful assistant. Use the tools when they help.',
    tools,
    0,
  );
  session.user(fillIn(pick(rng, archetype.asks), values, extra));
  const args: Record<string, unknown> = {};
  keys.forEach((key, i) => (args[key] = values[i]));
  const [r] = await session.call([{ name, arguments: args }]);
  session.answer(fillIn(archetype.answer, values, { ...extra, result: r!.text }), { mustQuote: [String(values[0])] });
  return session.render();
}
