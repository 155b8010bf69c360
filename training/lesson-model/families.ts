/**
 * The conversation families the lesson model learns, one per thing the lessons show: the Seoul lesson (two calls in
 * one turn, a dependent call, an answer quoting both results) in English and Korean, time and arithmetic alone,
 * discounts (also with augmented arguments), stock, reserving (with a to-do, or after a check), customers, parallel
 * lookups, recovery after an error result, follow-ups answered from history, questions that need no tool, and
 * made-up tools the model must choose by their descriptions. Each family draws its values on the split's side.
 */
import { createPresetTools } from '../../src/engine/presets';
import type { Prng } from '../../src/engine/prng';
import type { Tool } from '../../src/engine/tool';
import type { RenderedConversation } from './conversation';
import { Session } from './conversation';
import { augmented, inKorean, orderHistoryTool, randomTool, shopTools } from './lesson-tools';
import type { StockLine } from './lesson-tools';
import type { Op } from './phrasing';
import {
  EN,
  fill,
  KO,
  koreanNested,
  koreanSimple,
  nestedExpression,
  simpleExpression,
  template,
  topic,
} from './phrasing';
import { randomToolFamily } from './random-tools';
import type { Split } from './world';
import {
  cityFor,
  CITIES,
  customerFor,
  instantFor,
  intBetween,
  numberIn,
  operand,
  pick,
  PRODUCTS,
  skuFor,
  UNSEEN_CITIES,
} from './world';

export interface FamilyContext {
  readonly rng: Prng;
  readonly split: Split;
}

export type Family = (ctx: FamilyContext) => Promise<RenderedConversation>;

const EN_SYSTEMS = [
  'You are a helpful assistant. Use the tools for facts and arithmetic; never guess.',
  'You are a helpful assistant. Use the tools when they help.',
  'You are a careful assistant. Answer with the tools; do not make up facts or numbers.',
  'You are a helpful assistant with tools for time and arithmetic.',
];
const SHOP_SYSTEMS = [
  'You are a shop assistant. Use the tools to answer questions about stock.',
  'You are a shop assistant. Use the tools to check and reserve stock and to keep the to-do list.',
  'You are a shop assistant. Use the tools; if a tool reports an error, explain it or fix your call.',
  'You are a shop assistant. Use the tools to answer questions about stock and to reserve items.',
  'You are a shop assistant. Use the tools for stock and customer data.',
  'You are a shop assistant. Use the tools to check and reserve stock.',
  'You are a shop assistant. Use the tools for prices and arithmetic; never guess.',
  'You are a shop assistant. Use the tools to answer questions about customers and their orders.',
];
const KO_SYSTEMS = [
  '당신은 친절한 어시스턴트입니다. 사실과 계산은 반드시 도구를 쓰고, 추측하지 마세요.',
  '당신은 도움이 되는 어시스턴트입니다. 필요하면 도구를 사용하세요.',
  '당신은 꼼꼼한 어시스턴트입니다. 시간과 계산은 도구로 확인하세요.',
];

const OPS: readonly Op[] = ['add', 'subtract', 'multiply', 'divide'];

/** The tools a conversation exposes: the ones it needs plus 0–5 distractors, in a random order. */
function expose(rng: Prng, needed: readonly Tool[], pool: readonly Tool[], maxDistractors = 5): Tool[] {
  const names = new Set(needed.map((t) => t.name));
  const candidates = pool.filter((t) => !names.has(t.name));
  const count = Math.min(candidates.length, Math.floor(rng.next() * (maxDistractors + 1)));
  const chosen = [...needed];
  for (let i = 0; i < count; i++) {
    const index = Math.floor(rng.next() * candidates.length);
    chosen.push(candidates.splice(index, 1)[0]!);
  }
  // Keep the scenarios' own order (needed first) a third of the time: that is what the lessons send.
  if (rng.next() < 0.33) return chosen;
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }
  return chosen;
}

function presets(): Tool[] {
  return createPresetTools();
}

function tool(tools: readonly Tool[], name: string): Tool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function mathOperands(ctx: FamilyContext, op: Op): [number, number] {
  const a = operand(ctx.rng, ctx.split);
  let b = operand(ctx.rng, ctx.split);
  if (op === 'divide') b = numberIn(ctx.rng, ctx.split, 2, 50);
  if (op === 'subtract' && ctx.rng.next() < 0.7 && b > a) return [b, a];
  return [a, b];
}

// ── time and arithmetic ──────────────────────────────────────────────────────────────────────────────────────

/** The Seoul lesson: time and `(a op1 b) op2 c` in one turn, the dependent call, the answer quoting both. */
export const timeAndMath: Family = async (ctx) => {
  const { rng, split } = ctx;
  const korean = rng.next() < 0.35;
  const city = cityFor(rng, split, korean);
  const op1: Op = rng.next() < 0.6 ? 'multiply' : pick(rng, OPS);
  const [a, b] = mathOperands(ctx, op1);
  const op2: Op = rng.next() < 0.55 ? 'subtract' : pick(rng, OPS);
  const c = op2 === 'divide' ? numberIn(rng, split, 2, 20) : operand(rng, split);
  const innerFirst = korean || rng.next() < 0.8;
  const all = presets();
  const needed = korean
    ? [inKorean(tool(all, 'current_time')), inKorean(tool(all, 'calculate'))]
    : [tool(all, 'current_time'), tool(all, 'calculate')];
  const tools = expose(rng, needed, all, korean ? 2 : 5);
  const session = new Session(
    korean ? 'seoul-ko' : 'seoul',
    korean ? 'ko' : 'en',
    pick(rng, korean ? KO_SYSTEMS : EN_SYSTEMS),
    tools,
    instantFor(rng),
  );
  const expr = korean ? koreanNested(op1, a, b, op2, c) : nestedExpression(rng, op1, a, b, op2, c, innerFirst);
  const question = korean
    ? fill(template(rng, split, KO.timeAndMath), { city: city.ko!, cityTopic: topic(city.ko!), expr })
    : fill(template(rng, split, EN.timeAndMath), { city: city.name, expr });
  session.user(question);
  const timeCall = { name: 'current_time', arguments: { timezone: city.zone } };
  const mathCall = { name: 'calculate', arguments: { operation: op1, a, b } };
  const mathFirst = question.indexOf(expr) < question.indexOf(korean ? city.ko! : city.name);
  const [first, second] = await session.call(mathFirst ? [mathCall, timeCall] : [timeCall, mathCall]);
  const time = (mathFirst ? second : first)!.text;
  const product = Number((mathFirst ? first : second)!.text);
  const next = innerFirst ? { operation: op2, a: product, b: c } : { operation: op2, a: c, b: product };
  const [final] = await session.call([{ name: 'calculate', arguments: next }]);
  const result = final!.text;
  const answer = korean
    ? fill(template(rng, split, KO.answerTimeAndMath), {
        city: city.ko!,
        cityTopic: topic(city.ko!),
        time,
        expr,
        result,
      })
    : fill(template(rng, split, EN.answerTimeAndMath), { city: city.name, time, expr, result });
  session.answer(answer, { mustQuote: [time, result] });
  return session.render();
};

export const timeOnly: Family = async (ctx) => {
  const { rng, split } = ctx;
  const korean = rng.next() < 0.35;
  const city = cityFor(rng, split, korean);
  const all = presets();
  const needed = [korean ? inKorean(tool(all, 'current_time')) : tool(all, 'current_time')];
  const tools = expose(rng, needed, all);
  const session = new Session(
    'time',
    korean ? 'ko' : 'en',
    pick(rng, korean ? KO_SYSTEMS : EN_SYSTEMS),
    tools,
    instantFor(rng),
  );
  session.user(
    korean
      ? fill(template(rng, split, KO.timeOnly), { city: city.ko!, cityTopic: topic(city.ko!) })
      : fill(template(rng, split, EN.timeOnly), { city: city.name }),
  );
  const [time] = await session.call([{ name: 'current_time', arguments: { timezone: city.zone } }]);
  session.answer(
    korean
      ? fill(template(rng, split, KO.answerTime), { city: city.ko!, cityTopic: topic(city.ko!), time: time!.text })
      : fill(template(rng, split, EN.answerTime), { city: city.name, time: time!.text }),
    { mustQuote: [time!.text] },
  );
  return session.render();
};

/** Two cities: two calls of the same tool in one turn. */
export const twoCities: Family = async (ctx) => {
  const { rng, split } = ctx;
  const city = cityFor(rng, split);
  let city2 = cityFor(rng, split);
  while (city2.name === city.name) city2 = cityFor(rng, split);
  const all = presets();
  const tools = expose(rng, [tool(all, 'current_time')], all);
  const session = new Session('two-cities', 'en', pick(rng, EN_SYSTEMS), tools, instantFor(rng));
  session.user(fill(template(rng, split, EN.twoCities), { city: city.name, city2: city2.name }));
  const [t1, t2] = await session.call([
    { name: 'current_time', arguments: { timezone: city.zone } },
    { name: 'current_time', arguments: { timezone: city2.zone } },
  ]);
  session.answer(
    fill(template(rng, split, EN.answerTwoCities), {
      city: city.name,
      city2: city2.name,
      time: t1!.text,
      time2: t2!.text,
    }),
    { mustQuote: [t1!.text, t2!.text] },
  );
  return session.render();
};

/** Arithmetic alone: one operation, or two where the second uses the first result. */
export const math: Family = async (ctx) => {
  const { rng, split } = ctx;
  const korean = rng.next() < 0.3;
  const two = rng.next() < 0.5;
  const op1 = pick(rng, OPS);
  const [a, b] = mathOperands(ctx, op1);
  const all = presets();
  const calc = korean ? inKorean(tool(all, 'calculate')) : tool(all, 'calculate');
  const tools = expose(rng, [calc], all);
  const session = new Session(
    'math',
    korean ? 'ko' : 'en',
    pick(rng, korean ? KO_SYSTEMS : EN_SYSTEMS),
    tools,
    instantFor(rng),
  );
  if (!two) {
    const expr = korean ? koreanSimple(op1, a, b) : simpleExpression(rng, op1, a, b, rng.next() < 0.6);
    session.user(fill(template(rng, split, korean ? KO.math : EN.math), { expr }));
    const [r] = await session.call([{ name: 'calculate', arguments: { operation: op1, a, b } }]);
    session.answer(fill(template(rng, split, korean ? KO.answerMath : EN.answerMath), { expr, result: r!.text }), {
      mustQuote: [r!.text],
    });
    return session.render();
  }
  const op2 = pick(rng, OPS);
  const c = op2 === 'divide' ? numberIn(rng, split, 2, 20) : operand(rng, split);
  const innerFirst = korean || rng.next() < 0.75;
  const expr = korean ? koreanNested(op1, a, b, op2, c) : nestedExpression(rng, op1, a, b, op2, c, innerFirst);
  session.user(fill(template(rng, split, korean ? KO.math : EN.math), { expr }));
  const [r1] = await session.call([{ name: 'calculate', arguments: { operation: op1, a, b } }]);
  const first = Number(r1!.text);
  const [r2] = await session.call([
    {
      name: 'calculate',
      arguments: innerFirst ? { operation: op2, a: first, b: c } : { operation: op2, a: c, b: first },
    },
  ]);
  session.answer(fill(template(rng, split, korean ? KO.answerMath : EN.answerMath), { expr, result: r2!.text }), {
    mustQuote: [r2!.text],
  });
  return session.render();
};

/** A zone the time tool refuses, then the fix: only the fix is learned (the model never learns the mistake). */
export const timeZoneFix: Family = async (ctx) => {
  const { rng, split } = ctx;
  const city = cityFor(rng, split);
  const all = presets();
  const tools = expose(rng, [tool(all, 'current_time')], all);
  const session = new Session('time-fix', 'en', pick(rng, EN_SYSTEMS), tools, instantFor(rng));
  session.user(fill(template(rng, split, EN.timeOnly), { city: city.name }));
  const candidates = [
    city.name,
    city.name.replace(/ /g, '_'),
    `${city.name}/Time`,
    `${city.zone.split('/').pop()!}/${city.name}`,
  ];
  const wrong = pick(
    rng,
    candidates.filter((zone) => !knownZone(zone)),
  );
  const [error] = await session.call([{ name: 'current_time', arguments: { timezone: wrong } }], { train: false });
  if (!error!.isError) throw new Error(`timeZoneFix: ${wrong} was accepted`);
  const [time] = await session.call([{ name: 'current_time', arguments: { timezone: city.zone } }]);
  session.answer(fill(template(rng, split, EN.answerTime), { city: city.name, time: time!.text }), {
    mustQuote: [time!.text],
  });
  return session.render();
};

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ── the shop ─────────────────────────────────────────────────────────────────────────────────────────────────

function stockTable(rng: Prng, split: Split, count: number): StockLine[] {
  const lines: StockLine[] = [];
  const used = new Set<string>();
  while (lines.length < count) {
    const sku = skuFor(rng, split);
    if (used.has(sku)) continue;
    used.add(sku);
    const product = pick(rng, PRODUCTS);
    lines.push({ sku, name: product.name, stock: rng.next() < 0.12 ? 0 : intBetween(rng, 1, 60) });
  }
  return lines;
}

function plural(name: string): string {
  return PRODUCTS.find((p) => p.name === name)?.plural ?? `${name.toLowerCase()}s`;
}

export const stock: Family = async (ctx) => {
  const { rng, split } = ctx;
  const table = stockTable(rng, split, intBetween(rng, 1, 4));
  const item = pick(rng, table);
  const all = shopTools(table, []);
  const returnDirect = rng.next() < 0.15;
  const check = tool(all, 'check_inventory');
  const needed = [returnDirect ? { ...check, returnDirect: true } : check];
  const tools = expose(rng, needed, all);
  const session = new Session('stock', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  const things = plural(item.name);
  session.user(
    fill(
      template(rng, split, {
        all: [
          'How many {things} ({sku}) do we have in stock?',
          'Is the {thing} ({sku}) in stock?',
          'Check the stock of {sku}.',
          'How many units of {sku} are left?',
          'Do we still have {things} ({sku})?',
          'What is the stock level for {sku}?',
          'Can you tell me how many {sku} we have?',
        ],
        heldOut: 2,
      }),
      { things, thing: item.name.toLowerCase(), sku: item.sku },
    ),
  );
  const [r] = await session.call([{ name: 'check_inventory', arguments: { sku: item.sku } }]);
  if (!returnDirect) {
    const answer =
      item.stock === 0
        ? `${item.sku} (${item.name}) is out of stock: 0 left.`
        : pick(rng, [
            `We have ${item.stock} ${things} (${item.sku}) in stock.`,
            `${r!.text.replace(/\.$/, '')}.`,
            `Yes, ${item.stock} in stock.`,
          ]);
    session.answer(answer, { mustQuote: [String(item.stock)] });
  }
  return session.render();
};

export const reserve: Family = async (ctx) => {
  const { rng, split } = ctx;
  const table = stockTable(rng, split, intBetween(rng, 1, 4));
  const item = pick(rng, table);
  const quantity = rng.next() < 0.5 ? intBetween(rng, 1, 5) : intBetween(rng, 1, 30);
  const withTodo = rng.next() < 0.5;
  const all = shopTools(table, []);
  const needed = withTodo ? [tool(all, 'reserve_inventory'), tool(all, 'add_todo')] : [tool(all, 'reserve_inventory')];
  const tools = expose(rng, needed, all);
  const session = new Session(
    withTodo ? 'reserve-todo' : 'reserve',
    'en',
    pick(rng, SHOP_SYSTEMS),
    tools,
    instantFor(rng),
  );
  const things = quantity === 1 ? item.name.toLowerCase() : plural(item.name);
  session.user(
    withTodo
      ? fill(
          template(rng, split, {
            all: [
              'Reserve {q} of {sku} and add it to my to-do list',
              'Please reserve {q} {things} ({sku}) and put a pick-up on my to-do list.',
              'Reserve {q} × {sku}, then add a to-do to collect them.',
              'Could you reserve {q} of {sku} and remind me on my to-do list?',
            ],
            heldOut: 1,
          }),
          { q: quantity, sku: item.sku, things },
        )
      : fill(
          template(rng, split, {
            all: [
              'Reserve {q} of {sku}.',
              'Please reserve {q} {things} ({sku}) for me.',
              'Can you put {q} × {sku} aside for me?',
              'I would like to reserve {q} of {sku}.',
              'Hold {q} units of {sku} for me, please.',
            ],
            heldOut: 1,
          }),
          { q: quantity, sku: item.sku, things },
        ),
  );
  const stockBefore = item.stock;
  const [r] = await session.call([{ name: 'reserve_inventory', arguments: { sku: item.sku, quantity } }]);
  if (quantity > stockBefore) {
    session.answer(`I could not reserve ${item.sku}: ${r!.text}${withTodo ? ' So I did not add a to-do.' : ''}`, {
      mustQuote: [String(stockBefore)],
    });
    return session.render();
  }
  if (withTodo) {
    const title = `Pick up the ${quantity} reserved ${item.sku}`;
    const [todo] = await session.call([{ name: 'add_todo', arguments: { title } }]);
    session.answer(`Done. ${r!.text} ${todo!.text}.`, { mustQuote: [String(stockBefore - quantity)] });
  } else {
    session.answer(
      pick(rng, [`Done. ${r!.text}`, `Reserved ${quantity} × ${item.sku}; ${stockBefore - quantity} left in stock.`]),
      { mustQuote: [String(stockBefore - quantity)] },
    );
  }
  return session.render();
};

/** Check first, reserve if there is stock (the small-model-glitches lesson's question). */
export const checkThenReserve: Family = async (ctx) => {
  const { rng, split } = ctx;
  const table = stockTable(rng, split, intBetween(rng, 1, 3));
  const item = pick(rng, table);
  const all = shopTools(table, []);
  const tools = expose(rng, [tool(all, 'check_inventory'), tool(all, 'reserve_inventory')], all);
  const session = new Session('check-reserve', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  session.user(
    fill(
      template(rng, split, {
        all: [
          'Is the {thing} {sku} in stock? If it is, reserve one for me.',
          'Check {sku} and reserve one if there is any.',
          'If {sku} is available, please reserve one.',
          'Do you have the {thing} ({sku})? Reserve one if you do.',
        ],
        heldOut: 1,
      }),
      { thing: item.name.toLowerCase(), sku: item.sku },
    ),
  );
  const before = item.stock;
  await session.call([{ name: 'check_inventory', arguments: { sku: item.sku } }]);
  if (before === 0) {
    session.answer(`${item.sku} (${item.name}) is out of stock, so I did not reserve one.`, { mustQuote: [item.sku] });
    return session.render();
  }
  const [r] = await session.call([{ name: 'reserve_inventory', arguments: { sku: item.sku, quantity: 1 } }]);
  session.answer(`Yes, it was in stock. ${r!.text}`, { mustQuote: [String(before - 1)] });
  return session.render();
};

export const customer: Family = async (ctx) => {
  const { rng, split } = ctx;
  const people = [customerFor(rng, split), customerFor(rng, split), customerFor(rng, split)];
  const person = pick(rng, people);
  const all = shopTools([], people);
  const tools = expose(rng, [tool(all, 'get_customer_contact')], all);
  const session = new Session('customer', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  const wants = pick(rng, ['email', 'phone', 'both'] as const);
  const question = {
    email: ['What is the email of customer {id}?', 'Find the email address of {id}.', 'How can I email customer {id}?'],
    phone: [
      'What is the phone number of customer {id}?',
      'Look up the phone number of {id}.',
      'How do I call customer {id}?',
    ],
    both: [
      'Give me the contact details of customer {id}.',
      'Who is customer {id}, and how can I reach them?',
      'Look up customer {id}.',
    ],
  }[wants];
  session.user(fill(template(rng, split, { all: question, heldOut: 1 }), { id: person.id }));
  await session.call([{ name: 'get_customer_contact', arguments: { customerId: person.id } }]);
  const answer = {
    email: `The email of ${person.name} (${person.id}) is ${person.email}.`,
    phone: `The phone number of ${person.name} (${person.id}) is ${person.phone}.`,
    both: `${person.name} (${person.id}): email ${person.email}, phone ${person.phone}.`,
  }[wants];
  session.answer(answer, { mustQuote: wants === 'phone' ? [person.phone] : [person.email] });
  return session.render();
};

/**
 * Stock and a customer in one question: both calls in one turn; with parallel calls off the app's grammar allows
 * one call per turn, so some conversations make them one by one — only the second call and the answer are learned
 * there, so the model never learns to leave out a call it could make.
 */
export const parallelLookups: Family = async (ctx) => {
  const { rng, split } = ctx;
  const table = stockTable(rng, split, intBetween(rng, 1, 3));
  const item = pick(rng, table);
  const people = [customerFor(rng, split), customerFor(rng, split)];
  const person = pick(rng, people);
  const all = shopTools(table, people);
  const tools = expose(rng, [tool(all, 'check_inventory'), tool(all, 'get_customer_contact')], all, 3);
  const oneByOne = rng.next() < 0.3;
  const session = new Session('parallel', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  session.user(
    fill(
      template(rng, split, {
        all: [
          'How many {things} ({sku}) are in stock, and what is the email of customer {id}?',
          'Check the stock of {sku} and find the email of {id}.',
          'I need two things: the stock of {sku} and the email address of customer {id}.',
          'What is the email of {id}, and how many {sku} do we have?',
        ],
        heldOut: 1,
      }),
      { things: plural(item.name), sku: item.sku, id: person.id },
    ),
  );
  const stockCall = { name: 'check_inventory', arguments: { sku: item.sku } };
  const contactCall = { name: 'get_customer_contact', arguments: { customerId: person.id } };
  if (oneByOne) {
    await session.call([stockCall], { train: false });
    await session.call([contactCall], { role: 'next' });
  } else {
    await session.call([stockCall, contactCall]);
  }
  session.answer(
    `${item.sku} (${item.name}): ${item.stock} in stock. The email of ${person.name} is ${person.email}.`,
    {
      mustQuote: [String(item.stock), person.email],
    },
  );
  return session.render();
};

/** The tool-error lesson: an unknown SKU throws, the model explains and still answers the rest. */
export const toolError: Family = async (ctx) => {
  const { rng, split } = ctx;
  const table = stockTable(rng, split, intBetween(rng, 2, 4));
  let bad = skuFor(rng, split);
  while (table.some((l) => l.sku === bad)) bad = skuFor(rng, split);
  const quantity = intBetween(rng, 1, 3);
  const op: Op = pick(rng, ['multiply', 'add', 'subtract'] as const);
  const [a, b] = mathOperands(ctx, op);
  const all = shopTools(table, []);
  const tools = expose(
    rng,
    [tool(all, 'check_inventory'), tool(all, 'reserve_inventory'), tool(all, 'calculate')],
    all,
    2,
  );
  const session = new Session('tool-error', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  const expr = simpleExpression(rng, op, a, b, rng.next() < 0.5);
  session.user(
    fill(
      template(rng, split, {
        all: [
          'Reserve {q} of {sku}, and what is {expr}?',
          'Please reserve {q} × {sku}. Also, what is {expr}?',
          'Reserve {q} of {sku} and calculate {expr}.',
        ],
        heldOut: 1,
      }),
      { q: quantity, sku: bad, expr },
    ),
  );
  const [err, r] = await session.call([
    { name: 'reserve_inventory', arguments: { sku: bad, quantity } },
    { name: 'calculate', arguments: { operation: op, a, b } },
  ]);
  if (!err!.isError) throw new Error('toolError: the unknown SKU was accepted');
  const known = table.map((l) => l.sku).join(', ');
  session.answer(`I could not reserve ${bad}: it is not a known SKU (known SKUs: ${known}). ${expr} = ${r!.text}.`, {
    mustQuote: [r!.text, bad],
  });
  return session.render();
};

/** A follow-up the history already answers (no call), or one that needs a new call. */
export const followUp: Family = async (ctx) => {
  const { rng, split } = ctx;
  if (rng.next() < 0.5) {
    const table = stockTable(rng, split, intBetween(rng, 1, 3)).map((l) => ({ ...l, stock: Math.max(l.stock, 2) }));
    const item = pick(rng, table);
    const all = shopTools(table, []);
    const tools = expose(rng, [tool(all, 'check_inventory'), tool(all, 'reserve_inventory')], all, 2);
    const session = new Session('follow-up', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
    session.user(`Reserve one ${item.name.toLowerCase()} (${item.sku}) for me.`);
    const [r] = await session.call([{ name: 'reserve_inventory', arguments: { sku: item.sku, quantity: 1 } }], {
      train: rng.next() < 0.5,
    });
    session.answer(`Done. ${r!.text}`, { train: false });
    session.user(
      pick(rng, [
        'How many are left now?',
        'How many are still in stock?',
        'And how many did that leave?',
        'What is left in stock?',
      ]),
    );
    const left = item.stock - 1;
    session.answer(`${left} left in stock (${item.sku}, ${item.name}).`, { mustQuote: [String(left)] });
    return session.render();
  }
  const city = cityFor(rng, split);
  let city2 = cityFor(rng, split);
  while (city2.name === city.name) city2 = cityFor(rng, split);
  const all = presets();
  const tools = expose(rng, [tool(all, 'current_time')], all, 3);
  const session = new Session('follow-up', 'en', pick(rng, EN_SYSTEMS), tools, instantFor(rng));
  session.user(fill(template(rng, split, EN.timeOnly), { city: city.name }));
  const [t1] = await session.call([{ name: 'current_time', arguments: { timezone: city.zone } }], { train: false });
  session.answer(fill(template(rng, split, EN.answerTime), { city: city.name, time: t1!.text }), { train: false });
  session.user(
    pick(rng, ['And in {city}?', 'What about {city}?', 'And what time is it in {city}?']).replace('{city}', city2.name),
  );
  const [t2] = await session.call([{ name: 'current_time', arguments: { timezone: city2.zone } }], { role: 'next' });
  session.answer(fill(template(rng, split, EN.answerTime), { city: city2.name, time: t2!.text }), {
    mustQuote: [t2!.text],
  });
  return session.render();
};

/** Questions that need no tool: greet, say what the tools are for, thank. */
export const noTool: Family = async (ctx) => {
  const { rng, split } = ctx;
  const korean = rng.next() < 0.25;
  const shop = !korean && rng.next() < 0.5;
  const all = shop ? shopTools(stockTable(rng, split, 2), []) : presets();
  const anchor = tool(all, shop ? 'check_inventory' : 'current_time');
  const tools = expose(rng, [anchor], all, 4);
  const names = tools.map((t) => t.name).join(', ');
  const session = new Session(
    'no-tool',
    korean ? 'ko' : 'en',
    pick(rng, korean ? KO_SYSTEMS : shop ? SHOP_SYSTEMS : EN_SYSTEMS),
    tools,
    instantFor(rng),
  );
  const kind = pick(rng, ['hello', 'what', 'thanks', 'who'] as const);
  const q = korean
    ? {
        hello: ['안녕!', '안녕하세요'],
        what: ['무엇을 할 수 있어?', '어떤 도구가 있어?'],
        thanks: ['고마워!', '감사합니다'],
        who: ['너는 누구야?', '당신은 누구인가요?'],
      }[kind]
    : {
        hello: ['Hello!', 'Hi there', 'Good morning!', 'Hey'],
        what: [
          'What can you do?',
          'Which tools do you have?',
          'What are you able to help with?',
          'What can I ask you?',
        ],
        thanks: ['Thanks!', 'Thank you, that is all.', 'Great, thanks a lot.', 'Perfect, thank you'],
        who: ['Who are you?', 'Are you a person?', 'What are you?', 'Tell me about yourself.'],
      }[kind];
  session.user(template(rng, split, { all: q, heldOut: 1 }));
  const a = korean
    ? {
        hello: `안녕하세요! 다음 도구로 도와드릴 수 있어요: ${names}.`,
        what: `이 도구들을 쓸 수 있어요: ${names}. 무엇을 도와드릴까요?`,
        thanks: '천만에요! 더 필요한 것이 있으면 말씀해 주세요.',
        who: `저는 이 수업을 위해 학습된 작은 언어 모델입니다. 쓸 수 있는 도구: ${names}.`,
      }[kind]
    : {
        hello: `Hello! I can help with these tools: ${names}.`,
        what: `I can use these tools: ${names}. What would you like to know?`,
        thanks: "You're welcome! Ask me if you need anything else.",
        who: `I am a small language model trained for these lessons. My tools: ${names}.`,
      }[kind];
  session.answer(a, { mustQuote: [] });
  return session.render();
};

export const discount: Family = async (ctx) => {
  const { rng, split } = ctx;
  const withAugment = rng.next() < 0.35;
  const price = pick(rng, [1000, 500, 100, 50]) * numberIn(rng, split, 2, 200);
  const percent = numberIn(rng, split, 5, 60);
  const product = pick(rng, PRODUCTS).name.toLowerCase();
  const all = presets();
  const d = tool(all, 'discount');
  const needed = withAugment ? [augmented(d), augmented(tool(all, 'calculate'))] : [d];
  const pool = withAugment ? needed : all;
  const tools = withAugment ? needed : expose(rng, needed, pool);
  const session = new Session(
    withAugment ? 'discount-augmented' : 'discount',
    'en',
    pick(rng, SHOP_SYSTEMS),
    tools,
    instantFor(rng),
  );
  const shown = rng.next() < 0.6 ? price.toLocaleString('en-US') : String(price);
  session.user(
    fill(
      template(rng, split, {
        all: [
          'What does a {price} won {product} cost with {article} {percent}% discount?',
          'What is {price} with {percent}% off?',
          'Apply a {percent}% discount to {price}.',
          'A {product} costs {price} won. What is the price after {article} {percent}% discount?',
          'How much is a {price} won {product} at {percent}% off?',
        ],
        heldOut: 1,
      }),
      { price: shown, percent, product, article: /^(8|11|18)/.test(String(percent)) ? 'an' : 'a' },
    ),
  );
  const args: Record<string, unknown> = { price, percent };
  if (withAugment) {
    args.innerThought = `The user wants the price of ${price} after a ${percent}% discount.`;
    if (rng.next() < 0.5) args.confidence = 'high';
  }
  const [r] = await session.call([{ name: 'discount', arguments: args }]);
  session.answer(`With ${percent}% off, the price is ${r!.text} won.`, { mustQuote: [r!.text] });
  return session.render();
};

/** The large-tool-result lesson: a 6,000-character JSON history; the most recent order is the first. */
export const orderHistory: Family = async (ctx) => {
  const { rng } = ctx;
  const history = orderHistoryTool();
  const all = [...presets(), history];
  const tools = expose(rng, [history], all, 2);
  const session = new Session('order-history', 'en', pick(rng, SHOP_SYSTEMS), tools, instantFor(rng));
  const id = pick(rng, ['C-1001', 'C-1002', 'C-1003']);
  session.user(`What did customer ${id} order most recently?`);
  const [r] = await session.call([{ name: 'order_history', arguments: { customerId: id } }]);
  const latest = (
    JSON.parse(r!.text) as { orderId: string; date: string; product: string; quantity: number; status: string }[]
  )[0]!;
  session.answer(
    `The most recent order of ${id} is ${latest.orderId} on ${latest.date}: ${latest.quantity} × ${latest.product} (${latest.status}).`,
    { mustQuote: [latest.orderId] },
  );
  return session.render();
};

/** Cities the model never saw: reported by the evaluation, never trained. */
export const unseenCity: Family = async (ctx) => {
  const { rng, split } = ctx;
  const city = pick(rng, UNSEEN_CITIES);
  const all = presets();
  const tools = [tool(all, 'current_time')];
  const session = new Session('unseen-city', 'en', pick(rng, EN_SYSTEMS), tools, instantFor(rng));
  session.user(fill(template(rng, split, EN.timeOnly), { city: city.name }));
  const [t] = await session.call([{ name: 'current_time', arguments: { timezone: city.zone } }]);
  session.answer(fill(template(rng, split, EN.answerTime), { city: city.name, time: t!.text }), {
    mustQuote: [t!.text],
  });
  return session.render();
};

export const randomTools: Family = (ctx) => randomToolFamily(ctx, presets(), randomTool, expose);

/** Made-up tools of kinds the model never saw called: reported by the evaluation, never trained. */
export const unseenTools: Family = (ctx) => randomToolFamily(ctx, presets(), randomTool, expose, true);

/** Family name → generator and its share of the training mix. */
export const FAMILIES: readonly { readonly name: string; readonly make: Family; readonly weight: number }[] = [
  { name: 'seoul', make: timeAndMath, weight: 26 },
  { name: 'time', make: timeOnly, weight: 6 },
  { name: 'two-cities', make: twoCities, weight: 3 },
  { name: 'math', make: math, weight: 10 },
  { name: 'time-fix', make: timeZoneFix, weight: 2 },
  { name: 'stock', make: stock, weight: 6 },
  { name: 'reserve', make: reserve, weight: 7 },
  { name: 'check-reserve', make: checkThenReserve, weight: 4 },
  { name: 'customer', make: customer, weight: 4 },
  { name: 'parallel', make: parallelLookups, weight: 5 },
  { name: 'tool-error', make: toolError, weight: 4 },
  { name: 'follow-up', make: followUp, weight: 4 },
  { name: 'no-tool', make: noTool, weight: 4 },
  { name: 'discount', make: discount, weight: 5 },
  { name: 'random-tools', make: randomTools, weight: 9 },
];

/** Families the evaluation reports beside the goals; never in training. */
export const REPORT_ONLY: readonly { readonly name: string; readonly make: Family }[] = [
  { name: 'order-history', make: orderHistory },
  { name: 'unseen-city', make: unseenCity },
  { name: 'unseen-tool', make: unseenTools },
];

export { CITIES };
