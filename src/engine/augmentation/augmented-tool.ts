/**
 * Parameter augmentation (Spring AI's `AugmentedToolCallbackProvider` with `removeExtraArgumentsAfterProcessing`,
 * its default): every exposed tool's schema gains `innerThought` (required) and `confidence` (optional); the model
 * fills them beside the tool's own arguments; the harness reads them and strips them before the tool runs, so the
 * tool receives only its own parameters. The augmented values and what the tool received are kept in the result's
 * metadata (and so in the run's log) for the transcript to show beside the call.
 *
 * Unlike Spring's `AugmentedToolCallback`, which reports the default `returnDirect=false` (it does not override
 * `getToolMetadata`), the wrapped tool keeps its own flags: the lesson is the arguments, not that side effect.
 */
import type { JsonSchema, Tool, ToolDefinition, ToolResult, ValidationResult } from '../tool';

/** The record Spring's docs use: `AgentThinking(innerThought, confidence)`. */
export const AUGMENTED_PROPERTIES: Readonly<Record<AugmentedField, JsonSchema>> = {
  innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
  confidence: { type: 'string', description: 'Confidence level (low, medium, high)' },
};

export type AugmentedField = 'innerThought' | 'confidence';
export const AUGMENTED_FIELDS: readonly AugmentedField[] = ['innerThought', 'confidence'];
/** `@ToolParam(required = true)` on innerThought, false on confidence. */
const REQUIRED: readonly AugmentedField[] = ['innerThought'];

/** The values the model gave for the augmented fields (absent ones left out). */
export type AugmentedValues = Partial<Record<AugmentedField, string>>;

/** What augmentation leaves in a result's metadata. */
export interface AugmentationRecord {
  readonly augmented: AugmentedValues;
  /** The arguments the tool itself received, as JSON text. */
  readonly toolReceived: string;
}

/** The tool's schema with the augmented properties added (idempotent: augmenting twice changes nothing). */
export function augmentSchema(schema: JsonSchema): JsonSchema {
  const properties = { ...((schema.properties as Record<string, unknown> | undefined) ?? {}), ...AUGMENTED_PROPERTIES };
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).map(String) : [];
  return {
    ...schema,
    type: 'object',
    properties,
    required: [...required, ...REQUIRED.filter((f) => !required.includes(f))],
  };
}

/** A definition as the model receives it with augmentation on. */
export function augmentDefinition<T extends ToolDefinition>(definition: T): T {
  return { ...definition, inputSchema: augmentSchema(definition.inputSchema) };
}

/** Whether a definition carries the augmented fields (so a call's extra fields were asked for, not invented). */
export function isAugmented(definition: Pick<ToolDefinition, 'inputSchema'>): boolean {
  const properties = definition.inputSchema.properties as Record<string, unknown> | undefined;
  return properties !== undefined && AUGMENTED_FIELDS.every((f) => f in properties);
}

/**
 * Splits parsed arguments into the tool's own and the augmented values. Arguments that are not an object are
 * returned as they are (the tool's own validation then refuses them).
 */
export function splitAugmented(args: unknown): { readonly own: unknown; readonly augmented: AugmentedValues } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return { own: args, augmented: {} };
  const own: Record<string, unknown> = {};
  const augmented: AugmentedValues = {};
  for (const [key, value] of Object.entries(args)) {
    if ((AUGMENTED_FIELDS as readonly string[]).includes(key)) augmented[key as AugmentedField] = String(value);
    else own[key] = value;
  }
  return { own, augmented };
}

/** What `validate` hands to `execute`: the tool's own validated arguments and the stripped values. */
class Stripped {
  constructor(
    readonly own: unknown,
    readonly augmented: AugmentedValues,
  ) {}
}

function checkAugmented(args: unknown): string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  const record = args as Record<string, unknown>;
  const problems: string[] = [];
  for (const field of AUGMENTED_FIELDS) {
    const value = record[field];
    if (value === undefined) {
      if (REQUIRED.includes(field)) problems.push(`${field}: required (an augmented argument)`);
    } else if (typeof value !== 'string') {
      problems.push(`${field}: expected a string`);
    }
  }
  return problems;
}

/**
 * Wraps a tool: the augmented schema for the model; validation of the augmented fields, then of the rest with
 * the tool's own validator; execution with only the tool's own arguments. The result's metadata records the
 * stripped values and the arguments the tool received.
 */
export function augmentTool(tool: Tool): Tool {
  return {
    ...augmentDefinition(tool),
    validate(args): ValidationResult {
      const problems = checkAugmented(args);
      const { own, augmented } = splitAugmented(args);
      const inner = tool.validate(own);
      if (!inner.ok || problems.length > 0)
        return { ok: false, error: [...problems, ...(inner.ok ? [] : inner.error)] };
      return { ok: true, value: new Stripped(inner.value, augmented) };
    },
    async execute(args, ctx): Promise<ToolResult> {
      // Called without `validate` first (a direct call): strip here too, the tool never sees the extra fields.
      const split = args instanceof Stripped ? args : splitAugmented(args);
      const stripped = new Stripped(split.own, split.augmented);
      const output = await tool.execute(stripped.own, ctx);
      const result: ToolResult = typeof output === 'string' ? { text: output, isError: false, metadata: {} } : output;
      const record: AugmentationRecord = { augmented: stripped.augmented, toolReceived: JSON.stringify(stripped.own) };
      return { ...result, metadata: { ...result.metadata, augmentation: record } };
    },
  };
}

/** The augmentation record of a result's metadata, when it has one. */
export function augmentationOf(metadata: Readonly<Record<string, unknown>>): AugmentationRecord | null {
  const record = metadata.augmentation as AugmentationRecord | undefined;
  return record && typeof record === 'object' && typeof record.toolReceived === 'string' ? record : null;
}
