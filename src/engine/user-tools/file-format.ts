/**
 * The export / import file of user tools: one JSON document with a format tag and a version, so a foreign or
 * corrupted file is recognised and refused with a reason, and bad entries are reported one by one.
 */
import { z } from 'zod';
import type { UserToolSpec } from './spec';
import { parseUserToolSpec } from './spec';
import { describeNonJson, jsonKind } from './file-kind';
import { type Result } from '../result';

export const USER_TOOLS_FORMAT = 'tool-loop-playground/user-tools';
export const USER_TOOLS_VERSION = 1;

export interface UserToolsFile {
  readonly format: typeof USER_TOOLS_FORMAT;
  readonly version: typeof USER_TOOLS_VERSION;
  readonly exportedAt: string;
  readonly tools: readonly UserToolSpec[];
}

const envelope = z.object({ format: z.string(), version: z.number(), tools: z.array(z.unknown()) });

export function exportUserTools(tools: readonly UserToolSpec[], now: number): string {
  const file: UserToolsFile = {
    format: USER_TOOLS_FORMAT,
    version: USER_TOOLS_VERSION,
    exportedAt: new Date(now).toISOString(),
    tools,
  };
  return JSON.stringify(file, null, 2);
}

export type UserToolsImport = Result<{
  readonly tools: readonly UserToolSpec[];
  readonly problems: readonly string[];
}>;

/** Reads an export file. Tools keep their ids, so re-importing a file updates the same tools. */
export function importUserTools(text: string): UserToolsImport {
  if (text.trim() === '') return { ok: false, error: 'The file is empty.' };
  const nonJson = describeNonJson(text);
  if (nonJson) {
    return {
      ok: false,
      error: `This is ${nonJson}. A tools file is the JSON document that "Export tools" writes (a .tlp-tools.json file).`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const parsed = envelope.safeParse(value);
  if (!parsed.success || parsed.data.format !== USER_TOOLS_FORMAT) {
    switch (jsonKind(value)) {
      case 'run-file':
        return { ok: false, error: 'This is a run file, not a tools file: import it in the Inspector → Runs tab.' };
      case 'mcp-tools-list':
        return { ok: false, error: 'This is an MCP tools/list result, not a tools file: use "Import MCP tools…".' };
      case 'tools-file':
      case 'other':
        return {
          ok: false,
          error: `This is not a Tool Loop Playground tools file (expected "format": "${USER_TOOLS_FORMAT}").`,
        };
    }
  }
  if (parsed.data.version > USER_TOOLS_VERSION) {
    return {
      ok: false,
      error: `This tools file is version ${parsed.data.version}; this app reads up to version ${USER_TOOLS_VERSION}. Update the app.`,
    };
  }
  const tools: UserToolSpec[] = [];
  const problems: string[] = [];
  const names = new Set<string>();
  parsed.data.tools.forEach((entry, index) => {
    const spec = parseUserToolSpec(entry);
    if (!spec.ok) return void problems.push(`Tool ${index + 1}: ${spec.error}`);
    if (names.has(spec.value.name))
      return void problems.push(`Tool ${index + 1}: the name "${spec.value.name}" appears twice in the file.`);
    names.add(spec.value.name);
    tools.push(spec.value);
  });
  return { ok: true, value: { tools, problems } };
}
