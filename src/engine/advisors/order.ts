/**
 * Advisor orders, Spring's `Ordered` convention: the chain is sorted ascending, so a lower order is closer to the
 * caller (first on the request, last on the response). Orders are Java ints; the built-ins sit a few hundred
 * above HIGHEST_PRECEDENCE or a few thousand below LOWEST_PRECEDENCE, so they are shown relative to those.
 */
import type { Coded } from '../coded';
import { err, type Result } from '../result';
import { ORDER_ERRORS } from './input-errors';

export const HIGHEST_PRECEDENCE = -2147483648;
export const LOWEST_PRECEDENCE = 2147483647;

/** Default orders of the built-in advisors (Spring AI 2.0). */
export const DEFAULT_ORDERS = {
  memory: HIGHEST_PRECEDENCE + 200,
  toolCalling: HIGHEST_PRECEDENCE + 300,
  trace: HIGHEST_PRECEDENCE + 350,
  thinkTrace: HIGHEST_PRECEDENCE + 360,
  metrics: HIGHEST_PRECEDENCE + 400,
  logger: 0,
  validation: LOWEST_PRECEDENCE - 2000,
} as const;

/** Within this distance of an end an order is written relative to it. */
const RELATIVE_SPAN = 1_000_000;

/** `HIGHEST_PRECEDENCE + 300`, `LOWEST_PRECEDENCE - 2000`, or the plain number. */
export function formatOrder(order: number): string {
  if (order === HIGHEST_PRECEDENCE) return 'HIGHEST_PRECEDENCE';
  if (order === LOWEST_PRECEDENCE) return 'LOWEST_PRECEDENCE';
  if (order - HIGHEST_PRECEDENCE < RELATIVE_SPAN) return `HIGHEST_PRECEDENCE + ${order - HIGHEST_PRECEDENCE}`;
  if (LOWEST_PRECEDENCE - order < RELATIVE_SPAN) return `LOWEST_PRECEDENCE - ${LOWEST_PRECEDENCE - order}`;
  return String(order);
}

/** Why an order was refused: `format` (not an order at all) or `range` (outside the Java int range). */
export type OrderErrorCode = (typeof ORDER_ERRORS.codes)[number];
export const ORDER_ERROR_CODES: readonly OrderErrorCode[] = ORDER_ERRORS.codes;

/** A refusal is a code of `ORDER_ERRORS`, which the page words in its language. */
export type ParsedOrder = Result<number, Coded<OrderErrorCode>>;

/**
 * Reads an order as a person writes it: `HIGHEST_PRECEDENCE + 400`, `H+400`, `LOWEST_PRECEDENCE - 2000`, `L-2000`,
 * `0`, `-25`. Refuses anything outside the Java int range.
 */
export function parseOrder(text: string): ParsedOrder {
  const source = text.trim().replace(/\s+/g, '');
  const match = /^(?:(HIGHEST_PRECEDENCE|LOWEST_PRECEDENCE|H|L)([+-]\d+)?|([+-]?\d+))$/i.exec(source);
  if (!match) {
    return err(ORDER_ERRORS.coded('format'));
  }
  const base = match[1]?.toUpperCase();
  const offset = Number(match[2] ?? match[3] ?? 0);
  const start = base === undefined ? 0 : base.startsWith('H') ? HIGHEST_PRECEDENCE : LOWEST_PRECEDENCE;
  const order = start + offset;
  if (!Number.isSafeInteger(order) || order < HIGHEST_PRECEDENCE || order > LOWEST_PRECEDENCE) {
    return err(ORDER_ERRORS.coded('range'));
  }
  return { ok: true, value: order };
}

/** The compact form for narrow places: `H+300`, `L-2000`, or the number. `parseOrder` reads it back. */
export function formatOrderShort(order: number): string {
  return formatOrder(order)
    .replace('HIGHEST_PRECEDENCE', 'H')
    .replace('LOWEST_PRECEDENCE', 'L')
    .replace(/ ([+-]) /, '$1');
}
