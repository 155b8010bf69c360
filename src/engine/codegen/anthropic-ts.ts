/**
 * The loop as a TypeScript program with the Anthropic SDK (`@anthropic-ai/sdk`), twice: the manual
 * `while (response.stop_reason === "tool_use")` loop over the Messages API, and the same tools handed to the SDK's
 * tool runner (`client.beta.messages.toolRunner`), which runs that loop itself. Both send a denial or a tool error as
 * the SDK's error form: the manual loop sets `is_error: true` on the `tool_result`, the runner's tools throw the
 * SDK's `ToolError` with the same text (the runner then sends it with `is_error: true`); a returned string would be
 * an ordinary result. `anthropic-program.test.ts` runs both against a local Messages API and checks the flag.
 */
import type { ToolChoice } from '../runtime';
import type { CodegenInput } from './input';
import { jsonBlock, literal } from './input';
import { withProperties } from './schema';
import { header, implementations, promptConstants, runTool } from './typescript-shared';

function toolChoice(choice: ToolChoice, parallel: boolean): string {
  const disable = parallel ? '' : ', disable_parallel_tool_use: true';
  if (typeof choice !== 'string') return `{ type: "tool", name: ${literal(choice.name)}${disable} }`;
  if (choice === 'none') return '{ type: "none" }';
  return `{ type: ${literal(choice === 'required' ? 'any' : 'auto')}${disable} }`;
}

export function anthropicTypeScript(input: CodegenInput): string {
  const tools = input.tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: withProperties(t.inputSchema),
  }));
  const hasTools = input.tools.length > 0;
  const choice = toolChoice(input.settings.toolChoice, input.settings.parallelToolCalls);
  const runnerTools = input.tools
    .map(
      (t) =>
        `    betaTool({\n      name: ${literal(t.name)},\n      description: ${literal(t.description)},\n` +
        `      inputSchema: ${jsonBlock(withProperties(t.inputSchema), 6)} as const,\n` +
        `      run: async (args) => resultOrToolError(await runTool(${literal(t.name)}, JSON.stringify(args))),\n    }),`,
    )
    .join('\n');
  return `${header(input, 'the Anthropic SDK (Messages API and its tool runner)')}
import Anthropic from "@anthropic-ai/sdk";
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";

const client = new Anthropic(); // reads ANTHROPIC_API_KEY
const MODEL = process.env.MODEL ?? "claude-sonnet-4-5";
const MAX_TOKENS = 1024;
${promptConstants(input)}

const tools: Anthropic.Tool[] = ${jsonBlock(tools, 0)};

${implementations(input)}

${runTool(input)}

/** The loop by hand: call, run every tool_use block, send the results back as one user message, repeat. */
async function manualLoop(): Promise<void> {
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: USER }];
  const request = () =>
    client.messages.create({
      model: MODEL,
      max_tokens: MAX_TOKENS,
      system: SYSTEM,
      messages,
${hasTools ? `      tools,\n      tool_choice: ${choice},\n` : ''}    });
  let response = await request();
  let rounds = 1;
  while (response.stop_reason === "tool_use") {
    messages.push({ role: "assistant", content: response.content });
    const results: Anthropic.ToolResultBlockParam[] = [];
    let direct = true;
    for (const block of response.content) {
      if (block.type !== "tool_use") continue;
      const result = await runTool(block.name, JSON.stringify(block.input));
      results.push({ type: "tool_result", tool_use_id: block.id, content: result.text, is_error: result.isError });
      direct = direct && RETURN_DIRECT.has(block.name);
    }
    messages.push({ role: "user", content: results });
    if (direct) {
      console.log(results.map((r) => String(r.content)).join("\\n")); // returnDirect
      return;
    }
    if (rounds >= MAX_ROUNDS) throw new Error(\`Stopped after \${MAX_ROUNDS} rounds (max rounds).\`);
    response = await request();
    rounds += 1;
  }
  const text = response.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  console.log(text, \`(stop_reason: \${response.stop_reason})\`);
}

/**
 * A result for the tool runner: a denial or a tool error is thrown as the SDK's ToolError, which the runner sends
 * with \`is_error: true\` (a returned string would reach the model as an ordinary result).
 */
function resultOrToolError(result: { text: string; isError: boolean }): string {
  if (result.isError) throw new ToolError(result.text);
  return result.text;
}

/** The same loop run by the SDK: the tool runner calls the tools and sends their results until the model stops. */${
    input.settings.exceptionMode === 'stop-loop'
      ? '\n// Exception mode "stop the loop" holds only in manualLoop: the runner answers every throw with is_error.'
      : ''
  }
async function withToolRunner(): Promise<void> {
  const finalMessage = await client.beta.messages.toolRunner({
    model: MODEL,
    max_tokens: MAX_TOKENS,
    system: SYSTEM,
    messages: [{ role: "user", content: USER }],
    max_iterations: MAX_ROUNDS,
    tools: [
${runnerTools}
    ],
  });
  const text = finalMessage.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  console.log(text);
}

void (process.argv.includes("--runner") ? withToolRunner() : manualLoop());
`;
}
