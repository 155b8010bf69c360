/**
 * How the people in the training conversations ask, and how the model answers: sentence templates per language,
 * each marked train or held-out, so the evaluation's questions are worded in ways the model never saw.
 */
import type { Prng } from '../../src/engine/prng';
import type { Split } from './world';
import { pick } from './world';

export type Op = 'add' | 'subtract' | 'multiply' | 'divide';

/** Templates for one purpose: the last `heldOut` of them only appear in the held-out set. */
export interface Templates {
  readonly all: readonly string[];
  readonly heldOut: number;
}

export function template(rng: Prng, split: Split, t: Templates): string {
  const cut = t.all.length - t.heldOut;
  if (t.heldOut === 0) return pick(rng, t.all);
  return split === 'train' ? pick(rng, t.all.slice(0, cut)) : pick(rng, t.all.slice(cut));
}

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`fill: no value for {${key}} in "${text}"`);
    return String(value);
  });
}

const SYMBOLS: Readonly<Record<Op, readonly string[]>> = {
  multiply: ['×', '*', 'x'],
  add: ['+'],
  subtract: ['−', '-'],
  divide: ['÷', '/'],
};
const WORDS: Readonly<Record<Op, readonly string[]>> = {
  multiply: ['times', 'multiplied by'],
  add: ['plus'],
  subtract: ['minus'],
  divide: ['divided by'],
};

export function apply(op: Op, a: number, b: number): number {
  switch (op) {
    case 'add':
      return a + b;
    case 'subtract':
      return a - b;
    case 'multiply':
      return a * b;
    case 'divide':
      return a / b;
  }
}

/** A two-operand expression as a person writes it. */
export function simpleExpression(rng: Prng, op: Op, a: number, b: number, symbolic: boolean): string {
  return symbolic ? `${a} ${pick(rng, SYMBOLS[op])} ${b}` : `${a} ${pick(rng, WORDS[op])} ${b}`;
}

/**
 * `(a op1 b) op2 c`, or `c op2 (a op1 b)` when `inner` is last. Written with symbols or words; the parentheses
 * say which part comes first.
 */
export function nestedExpression(
  rng: Prng,
  op1: Op,
  a: number,
  b: number,
  op2: Op,
  c: number,
  innerFirst: boolean,
): string {
  const symbolic = rng.next() < 0.7;
  const inner = symbolic ? `(${a} ${pick(rng, SYMBOLS[op1])} ${b})` : `${a} ${pick(rng, WORDS[op1])} ${b}`;
  const outer = symbolic ? pick(rng, SYMBOLS[op2]) : pick(rng, WORDS[op2]);
  if (innerFirst) return symbolic ? `${inner} ${outer} ${c}` : `${inner}, ${outer} ${c}`;
  return symbolic ? `${c} ${outer} ${inner}` : `${c} ${outer} the result of ${inner}`;
}

/** Korean: the final consonant of the last Hangul syllable decides the particle (은/는, 을/를, 이/가, 과/와). */
export function hasBatchim(word: string): boolean {
  const last = word.codePointAt(word.length - 1) ?? 0;
  if (last < 0xac00 || last > 0xd7a3) return false;
  return (last - 0xac00) % 28 !== 0;
}

export function topic(word: string): string {
  return `${word}${hasBatchim(word) ? '은' : '는'}`;
}

/** The Korean tutorial's way of writing `(a op1 b) op2 c`: "(128 * 7) 에서 19 를 뺀 값". */
export function koreanNested(op1: Op, a: number, b: number, op2: Op, c: number): string {
  const inner = `(${a} ${KO_SYMBOL[op1]} ${b})`;
  switch (op2) {
    case 'subtract':
      return `${inner} 에서 ${c} 를 뺀 값`;
    case 'add':
      return `${inner} 에 ${c} 를 더한 값`;
    case 'multiply':
      return `${inner} 에 ${c} 를 곱한 값`;
    case 'divide':
      return `${inner} 를 ${c} 로 나눈 값`;
  }
}

export function koreanSimple(op: Op, a: number, b: number): string {
  switch (op) {
    case 'subtract':
      return `${a} 에서 ${b} 를 뺀 값`;
    case 'add':
      return `${a} 에 ${b} 를 더한 값`;
    case 'multiply':
      return `${a} 에 ${b} 를 곱한 값`;
    case 'divide':
      return `${a} 를 ${b} 로 나눈 값`;
  }
}

const KO_SYMBOL: Readonly<Record<Op, string>> = { multiply: '*', add: '+', subtract: '-', divide: '/' };

// ── question and answer templates ────────────────────────────────────────────────────────────────────────────

export const EN = {
  timeAndMath: {
    all: [
      'What time is it in {city}, and what is {expr}?',
      "What's the time in {city} right now? Also, what is {expr}?",
      'Tell me the current time in {city} and the value of {expr}.',
      'I need the local time in {city} and the result of {expr}.',
      'Can you check the time in {city} and work out {expr}?',
      'What is {expr}, and what time is it in {city}?',
      'Work out {expr} and tell me the time in {city}.',
      'Two things: the current time in {city}, and {expr}.',
      'Please find out what time it is in {city} and calculate {expr}.',
      'Quick question: the time in {city}, and {expr}?',
    ],
    heldOut: 2,
  },
  timeOnly: {
    all: [
      'What time is it in {city}?',
      "What's the time in {city} right now?",
      'Tell me the current time in {city}.',
      'What is the date and time in {city}?',
      'Is it morning or evening in {city} now? Tell me the time.',
      'Could you look up the local time in {city}?',
      'Which date is it in {city} at the moment?',
    ],
    heldOut: 2,
  },
  twoCities: {
    all: [
      'What time is it in {city} and in {city2}?',
      'Tell me the current time in {city} and {city2}.',
      'Compare the time in {city} with the time in {city2}.',
      'I need the local times of {city} and {city2}.',
    ],
    heldOut: 1,
  },
  math: {
    all: [
      'What is {expr}?',
      'Calculate {expr}.',
      'Work out {expr} for me.',
      'How much is {expr}?',
      'Can you compute {expr}?',
      'Use the calculator: {expr}.',
      'Please tell me the result of {expr}.',
      'What do you get for {expr}?',
    ],
    heldOut: 2,
  },
  answerTimeAndMath: {
    all: [
      'It is {time} in {city}, and the calculation comes to {result}.',
      'It is {time} in {city}, and {expr} = {result}.',
      'The time in {city} is {time}. {expr} is {result}.',
      'In {city} it is {time}; {expr} comes to {result}.',
    ],
    heldOut: 0,
  },
  answerTime: {
    all: ['It is {time} in {city}.', 'The current time in {city} is {time}.', 'In {city} it is now {time}.'],
    heldOut: 0,
  },
  answerTwoCities: {
    all: ['It is {time} in {city} and {time2} in {city2}.', 'In {city}: {time}. In {city2}: {time2}.'],
    heldOut: 0,
  },
  answerMath: {
    all: ['{expr} = {result}.', 'The result is {result}.', '{expr} comes to {result}.'],
    heldOut: 0,
  },
} as const satisfies Record<string, Templates>;

export const KO = {
  timeAndMath: {
    all: [
      '지금 {cityTopic} 몇 시야? 그리고 {expr}도 알려줘. 계산은 반드시 도구를 써서 해.',
      '지금 {cityTopic} 몇 시야? 그리고 {expr}도 알려줘.',
      '{city} 시간이랑 {expr}을 알려줘.',
      '{expr}은 얼마야? 그리고 지금 {cityTopic} 몇 시야?',
      '{city}의 현재 시각과 {expr}을 계산해 줘.',
      '지금 {city} 시각을 확인하고, {expr}도 구해 줘.',
    ],
    heldOut: 1,
  },
  timeOnly: {
    all: [
      '지금 {cityTopic} 몇 시야?',
      '{city}의 현재 시각을 알려줘.',
      '{cityTopic} 지금 몇 시인가요?',
      '{city} 시간 좀 알려줘.',
    ],
    heldOut: 1,
  },
  math: {
    all: ['{expr}은 얼마야?', '{expr}을 계산해 줘.', '{expr}을 알려줘. 계산은 도구로 해.', '{expr}이 궁금해.'],
    heldOut: 1,
  },
  answerTimeAndMath: {
    all: [
      '{cityTopic} 지금 {time}이고, {expr}은 {result}입니다.',
      '{city}의 현재 시각은 {time}입니다. {expr}은 {result}입니다.',
    ],
    heldOut: 0,
  },
  answerTime: {
    all: ['{cityTopic} 지금 {time}입니다.', '{city}의 현재 시각은 {time}입니다.'],
    heldOut: 0,
  },
  answerMath: {
    all: ['{expr}은 {result}입니다.', '계산 결과는 {result}입니다.'],
    heldOut: 0,
  },
} as const satisfies Record<string, Templates>;
