/** Schema facts the code generators and the tool studio share. */
import type { JsonSchema } from '../tool';

/**
 * Whether a tool's schema lacks a `properties` object (`{"type": "object"}` alone, or no type at all): legal
 * JSON Schema, but strict OpenAI tools refuse it and runtimes differ in what they send, so the studio warns.
 */
export function lacksProperties(schema: JsonSchema): boolean {
  const properties = schema.properties;
  return typeof properties !== 'object' || properties === null || Array.isArray(properties);
}

/** The schema with an empty `properties` object added where it had none (what Spring AI generates). */
export function withProperties(schema: JsonSchema): JsonSchema {
  return lacksProperties(schema) ? { ...schema, type: 'object', properties: {} } : schema;
}
