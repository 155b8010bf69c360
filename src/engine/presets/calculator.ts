/**
 * The calculator preset: the four operations, with division by zero answered as a normal result. It speaks English
 * or Korean to the model (`inLanguage`): while the tool-language switch describes it in Korean, its division-by-zero
 * answer and its argument errors (zod's Korean locale) are Korean too.
 */
import { z } from 'zod';
import { ko } from 'zod/locales';
import type { Tool, ToolLanguage } from '../tool';
import { defineTool, validateWithZod } from '../tool';

export const DIVIDE_BY_ZERO_TEXT = 'Cannot divide by zero.';

/** The calculator's words to the model, per tool language; `issues` words argument errors (zod's own: English). */
export const CALCULATOR_WORDS: Readonly<
  Record<ToolLanguage, { readonly divideByZero: string; readonly issues?: z.core.$ZodErrorMap }>
> = {
  en: { divideByZero: DIVIDE_BY_ZERO_TEXT },
  ko: { divideByZero: '0으로 나눌 수 없습니다.', issues: ko().localeError },
};

const calculateSchema = z.object({
  operation: z
    .enum(['add', 'subtract', 'multiply', 'divide'])
    .describe('The arithmetic operation to apply to a and b.'),
  a: z.number().describe('The first operand (for subtract and divide: the number subtracted from / divided).'),
  b: z.number().describe('The second operand (for subtract and divide: the number subtracted / the divisor).'),
});

export type CalculateArgs = z.infer<typeof calculateSchema>;

/** Computes one operation. Returns null for a division by zero. Division rounds half-up to 4 decimals. */
export function calculate({ operation, a, b }: CalculateArgs): number | null {
  switch (operation) {
    case 'add':
      return clean(a + b);
    case 'subtract':
      return clean(a - b);
    case 'multiply':
      return clean(a * b);
    case 'divide':
      return b === 0 ? null : roundHalfUp(a / b, 4);
    default: {
      const never: never = operation;
      throw new Error(`Unknown operation: ${String(never)}`);
    }
  }
}

/**
 * Rounds half away from zero ("half-up" on magnitudes) to `decimals` places. Shifting through the decimal
 * exponent (`1.00005e4`) instead of multiplying avoids binary artefacts such as 1.00005 * 10000 = 10000.4999….
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  const scale = 10 ** decimals;
  // Exponent notation (1e-7, 1e+21) cannot take another exponent: plain arithmetic is exact enough there.
  const shifted = String(magnitude).includes('e')
    ? Math.round(magnitude * scale)
    : Math.round(Number(`${magnitude}e${decimals}`));
  const back = String(shifted).includes('e') ? shifted / scale : Number(`${shifted}e-${decimals}`);
  return clean(sign * back);
}

/** Drops floating-point noise (0.1 + 0.2 → 0.3) and negative zero, which a model would only trip over. */
function clean(value: number): number {
  if (!Number.isFinite(value)) return value;
  const cleaned = Number(value.toPrecision(15));
  return Object.is(cleaned, -0) ? 0 : cleaned;
}

/** A number as the tools write it: plain digits, no thousands separators (models parse them back). */
export function formatNumber(value: number): string {
  return String(value);
}

export function createCalculateTool(language: ToolLanguage = 'en'): Tool {
  const words = CALCULATOR_WORDS[language];
  const tool = defineTool({
    name: 'calculate',
    description:
      'Does exact arithmetic on two numbers: add, subtract, multiply or divide. Use it for every calculation ' +
      'instead of computing in your head. Returns the result as a number; division is rounded to 4 decimals.',
    schema: calculateSchema,
    execute: (args) => {
      const result = calculate(args);
      return result === null ? words.divideByZero : formatNumber(result);
    },
  });
  // Assigned, not spread: a spread would read (and so make) the schema that defineTool makes on first read.
  return Object.assign(tool, {
    ...(words.issues
      ? { validate: (args: unknown) => validateWithZod(calculateSchema, args, { error: words.issues }) }
      : {}),
    inLanguage: (next: ToolLanguage) => createCalculateTool(next),
  });
}
