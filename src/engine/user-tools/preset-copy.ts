/**
 * Copying a preset into the studio: its name (suffixed so it does not clash), description and JSON Schema,
 * as a form when the schema fits the form, plus a JavaScript template to fill in.
 */
import type { ToolDefinition } from '../tool';
import { jsonSchemaToForm } from './param-form';
import type { UserToolSpec } from './spec';
import { DEFAULT_TIMEOUT_MS } from './spec';

export function copyPresetToSpec(
  preset: ToolDefinition,
  id: string,
  takenNames: ReadonlySet<string>,
  now: number,
): UserToolSpec {
  const form = jsonSchemaToForm(preset.inputSchema);
  const properties = Object.keys((preset.inputSchema.properties ?? {}) as Record<string, unknown>);
  return {
    id,
    name: freeName(`${preset.name}_copy`, takenNames),
    description: preset.description,
    parameters: form,
    jsonSchema: form ? null : preset.inputSchema,
    code: presetTemplate(preset.name, properties),
    returnDirect: preset.returnDirect,
    needsApproval: preset.needsApproval,
    allowNetwork: false,
    kind: 'code',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    sampleArgs: '{}',
    updatedAt: now,
  };
}

function presetTemplate(name: string, properties: readonly string[]): string {
  const destructure = properties.length > 0 ? `const { ${properties.join(', ')} } = args;\n` : '';
  return `// Your own version of the preset "${name}". \`args\` holds the validated arguments.
// Return a string or a JSON value; throw an Error to report a failure to the model.
${destructure}console.log('called with', args);
return { ok: true, args };
`;
}

/** `base`, or `base_2`, `base_3`… whichever is free. */
export function freeName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}
