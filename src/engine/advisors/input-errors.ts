/**
 * Why the Advisors tab refused what a person typed: an order (`parseOrder`) or a validation advisor's output schema
 * (`parseOutputSchema`). Message tables: the English catalog's `advisors:orderErrors` and `advisors:schemaErrors`
 * are these tables.
 */
import { defineMessages } from '../coded';

export const ORDER_ERRORS = defineMessages({
  format: 'Write an order as a whole number, or as HIGHEST_PRECEDENCE + n / LOWEST_PRECEDENCE - n.',
  range: 'An order must lie between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE (a Java int).',
});

/**
 * Empty, not JSON (`detail`: the parser's message), not a JSON object, describing something other than an object
 * (`detail`: the type, as JSON), or refused by the schema validator (`detail`: its words).
 */
export const OUTPUT_SCHEMA_ERRORS = defineMessages({
  empty: 'The output schema is empty: write a JSON Schema object.',
  'not-json': 'Not valid JSON: {{detail}}',
  'not-object': 'The output schema must be a JSON object, e.g. {"type": "object", …}.',
  'not-object-type': 'The output schema must describe a JSON object ("type": "object"), not {{detail}}.',
  invalid: '{{detail}}',
});
