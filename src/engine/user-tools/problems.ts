/**
 * Why the studio refuses a tool or a schema, as data: a code of the table below and the values it names. The UI
 * words a problem in the page's language (`problem.<code>` in the studio namespace, whose English is this table);
 * `problemEnglish` is its English (a log, a file, a test; the model never reads it). A refused check returns
 * `Result<T, StudioProblems>`: one problem per line.
 */
import { defineMessages, type Coded } from '../coded';

/** The English wording of each problem; `{{name}}` placeholders are filled from the problem's values. */
export const STUDIO_PROBLEMS = defineMessages({
  toolNameMissing: 'The tool needs a name.',
  toolNameInvalid: '"{{name}}" is not a valid tool name: use 1–64 letters, digits, _ or -.',
  toolNameClash: 'A {{source}} tool is already named "{{name}}". Tool names must be unique: rename this one.',
  paramsHaveProblems: 'The parameters have problems:',
  paramNameMissing: '{{where}}: a parameter needs a name.',
  paramNameInvalid: '{{where}}: names use letters, digits and _ and do not start with a digit.',
  paramNameTwice: '{{where}}: the name "{{name}}" is used twice.',
  enumTwice: '{{where}}: an allowed value is listed twice.',
  enumNotNumber: '{{where}}: allowed value "{{value}}" is not a number.',
  enumNotInteger: '{{where}}: allowed value "{{value}}" is not an integer.',
  schemaNotJson: 'The schema is not valid JSON: {{detail}}',
  schemaNotObject: 'A tool input schema must be a JSON object, like {"type": "object", "properties": {…}}.',
  schemaTooDeep:
    'The schema is nested more than {{max}} levels deep; a tool input schema may nest at most {{max}} (objects and arrays).',
  schemaTooManyNodes:
    'The schema has more than {{max}} objects and arrays; a tool input schema may have at most {{max}}.',
  schemaTooLong: 'The schema is {{chars}} characters long; a tool input schema may be at most {{max}}.',
  schemaTypeNotObject: 'A tool input schema must have "type": "object" (tool arguments are an object), not {{type}}.',
  schemaTypeMissing: 'A tool input schema must have "type": "object" (tool arguments are an object), not no type.',
  schemaInvalid: 'Not a valid JSON Schema: {{detail}}.',
  schemaRequiredMissing:
    'Not a valid tool schema at {{where}}: "{{name}}" is required but is not one of the properties.',
  schemaRefCycle:
    'The schema\'s $ref chain {{cycle}} loops without any structure in between, so it describes no value: give the cycle an object or array level (e.g. a "children" array) or remove it.',
  // The structural problems a `schemaInvalid` names (its detail).
  expectedSchema: '{{where}}: expected a schema object (or true / false)',
  mustBeString: '{{where}} must be a string',
  mustBeNumber: '{{where}} must be a number',
  mustBeNonNegativeInteger: '{{where}} must be a non-negative integer',
  badPattern: '{{where}} {{value}} is not a valid regular expression',
  noType: '{{where}} must name at least one type',
  badType: '{{where}} {{value}} is not a JSON Schema type (use {{types}})',
  requiredNotNames: '{{where}} must be an array of property names',
  enumEmpty: '{{where}} must be a non-empty array of allowed values',
  notSchemaMap: '{{where}} must be an object mapping names to schemas',
  notSchemaList: '{{where}} must be a non-empty array of schemas',
  // A message that came as text from elsewhere (zod's, the JavaScript engine's), quoted as it came.
  quoted: '{{text}}',
});

export type StudioProblemCode = (typeof STUDIO_PROBLEMS.codes)[number];

export interface StudioProblem extends Coded<StudioProblemCode> {
  /** A problem this one wraps (its `{{detail}}`): worded first, in the same language. */
  readonly detail?: StudioProblem;
}

/** Why a check refused: its problems, one per line. */
export type StudioProblems = readonly StudioProblem[];

/** Words a problem with `word` (English by default): its values filled in, the wrapped problem worded first. */
export function problemText(
  problem: StudioProblem,
  word: (code: StudioProblemCode, values: Record<string, string>) => string = englishProblem,
): string {
  const values: Record<string, string> = { ...problem.values };
  if (problem.detail) values.detail = problemText(problem.detail, word);
  return word(problem.code, values);
}

function englishProblem(code: StudioProblemCode, values: Record<string, string>): string {
  return STUDIO_PROBLEMS.english({ code, values });
}

/** The English of problems, one per line. */
export function problemsEnglish(problems: StudioProblems): string {
  return problems.map((p) => problemText(p)).join('\n');
}

/** A refusal made of `problems`. */
export function refuse(...problems: StudioProblem[]): { readonly ok: false; readonly error: StudioProblems } {
  return { ok: false, error: problems };
}

/** A problem that came as text from elsewhere (zod's or the JavaScript engine's message), quoted as it came. */
export function quotedProblem(text: string): StudioProblem {
  return { code: 'quoted', values: { text } };
}
