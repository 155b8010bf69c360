/** Pieces every TypeScript program shares: the header, the implementations to fill in, running one call. */
import { AUGMENTED_FIELDS } from '../augmentation';
import type { CodegenInput } from './input';
import { literal } from './input';

export function header(input: CodegenInput, sdk: string): string {
  return [
    `// ${input.title} — the loop of Tool Loop Playground as a program, with ${sdk}.`,
    '// Generated from the current tools, settings and loop control; fill in the tool implementations.',
  ].join('\n');
}

export function promptConstants(input: CodegenInput): string {
  return [
    `const SYSTEM = ${literal(input.system)};`,
    `const USER = ${literal(input.user)};`,
    `const MAX_ROUNDS = ${input.settings.maxRounds};`,
  ].join('\n');
}

/** The implementations map: one async function per tool, to be filled in. */
export function implementations(input: CodegenInput): string {
  const lines = [
    '/** Your tool implementations: each gets the parsed arguments and returns the text the model reads. */',
    'const implementations: Record<string, (args: Record<string, unknown>) => Promise<string>> = {',
  ];
  for (const tool of input.tools) {
    lines.push(`  // ${tool.description.replace(/\s+/g, ' ').slice(0, 110)}`);
    lines.push(`  ${literal(tool.name)}: async (args) => {`);
    lines.push(`    throw new Error(${literal(`${tool.name} is not implemented yet`)} + JSON.stringify(args));`);
    lines.push('  },');
  }
  lines.push('};');
  return lines.join('\n');
}

/** The sets of flagged tools, and `runTool`: parse, strip augmented fields, run, and turn an error into text. */
export function runTool(input: CodegenInput): string {
  const names = (pick: (t: CodegenInput['tools'][number]) => boolean | undefined) =>
    input.tools
      .filter(pick)
      .map((t) => literal(t.name))
      .join(', ');
  const augment = input.settings.augmentArguments === true;
  const stopOnError = input.settings.exceptionMode === 'stop-loop';
  return [
    `const RETURN_DIRECT = new Set<string>([${names((t) => t.returnDirect)}]);`,
    `const NEEDS_APPROVAL = new Set<string>([${names((t) => t.needsApproval)}]);`,
    '',
    '/** Asks before a tool that needs approval runs (the playground pauses there). */',
    'async function approve(name: string, args: unknown): Promise<boolean> {',
    '  const { createInterface } = await import("node:readline/promises");',
    '  const rl = createInterface({ input: process.stdin, output: process.stdout });',
    '  const answer = await rl.question(`Run ${name}(${JSON.stringify(args)})? [y/N] `);',
    '  rl.close();',
    '  return answer.trim().toLowerCase().startsWith("y");',
    '}',
    '',
    '/** Runs one call: the result text, and whether it is an error the model should see as one. */',
    'async function runTool(name: string, argumentsJson: string): Promise<{ text: string; isError: boolean }> {',
    '  const implementation = implementations[name];',
    '  if (!implementation) return { text: `Unknown tool: ${name}`, isError: true };',
    '  let args: Record<string, unknown>;',
    '  try {',
    '    args = JSON.parse(argumentsJson || "{}") as Record<string, unknown>;',
    '  } catch (error) {',
    '    return { text: `Invalid JSON arguments: ${String(error)}`, isError: true };',
    '  }',
    ...(augment
      ? [
          '  // Parameter augmentation: read the model’s reasoning, then strip it before the tool runs.',
          `  for (const field of [${AUGMENTED_FIELDS.map(literal).join(', ')}]) {`,
          '    if (field in args) console.log(`${name} ${field}: ${String(args[field])}`);',
          '    delete args[field];',
          '  }',
        ]
      : []),
    '  if (NEEDS_APPROVAL.has(name) && !(await approve(name, args))) {',
    '    return { text: "The user denied this tool call.", isError: true };',
    '  }',
    '  try {',
    '    return { text: await implementation(args), isError: false };',
    '  } catch (error) {',
    stopOnError
      ? '    throw error; // exception mode "stop the loop"'
      : '    return { text: error instanceof Error ? error.message : String(error), isError: true };',
    '  }',
    '}',
  ].join('\n');
}
