/**
 * Why the studio refuses a tool or a schema, as data: a code and the values it names. The UI words a problem in
 * the page's language (`problem.<code>` in the studio namespace, the values as its placeholders); the engine's
 * English wording below is what `error` strings carry (logs, files, tests, the model never). The English catalog
 * repeats these templates word for word, and a test holds the two together.
 */

/** The English wording of each problem; `{{name}}` placeholders are filled from the problem's values. */
export const STUDIO_PROBLEM_ENGLISH = {
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
} as const;

export type StudioProblemCode = keyof typeof STUDIO_PROBLEM_ENGLISH;

export interface StudioProblem {
  readonly code: StudioProblemCode;
  /** The placeholders' values (names, paths, numbers already written as text). */
  readonly values?: Readonly<Record<string, string>>;
  /** A problem this one wraps (its `{{detail}}`): worded first, in the same language. */
  readonly detail?: StudioProblem;
}

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
  return STUDIO_PROBLEM_ENGLISH[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A refusal that says why as problems (one per line) besides the English text of them. */
export interface Refusal {
  readonly ok: false;
  readonly error: string;
  readonly problems: readonly StudioProblem[];
}

/** A refusal made of `problems`, its `error` their English lines. */
export function refuse(...problems: StudioProblem[]): Refusal {
  return { ok: false, error: problems.map((p) => problemText(p)).join('\n'), problems };
}

/** Whether a failed result says why as problems (else only its `error` text, e.g. zod's own message). */
export function isRefusal(value: { readonly ok: boolean }): value is Refusal {
  return !value.ok && Array.isArray((value as Partial<Refusal>).problems);
}
