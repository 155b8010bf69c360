/**
 * The loop as a TypeScript program for the browser with web-llm (`@mlc-ai/web-llm`, the pinned version): its
 * OpenAI-style `engine.chat.completions.create` with `tools` (a Hermes function-calling model: web-llm accepts
 * `tools` only for those). web-llm has no `parallel_tool_calls` or `required` tool choice: the program runs only
 * the first call of a response when parallel calls are off, and sends `auto` for `required`.
 */
import type { ToolChoice } from '../runtime';
import type { CodegenInput } from './input';
import { jsonBlock, literal } from './input';
import { withProperties } from './schema';
import { header, implementations, promptConstants, runTool } from './typescript-shared';

function toolChoice(choice: ToolChoice): string {
  if (typeof choice !== 'string') return `{ type: "function", function: { name: ${literal(choice.name)} } }`;
  return (
    literal(choice === 'required' ? 'auto' : choice) + (choice === 'required' ? ' /* web-llm has no "required" */' : '')
  );
}

export function webLlmTypeScript(input: CodegenInput): string {
  const tools = input.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: withProperties(t.inputSchema) },
  }));
  const hasTools = input.tools.length > 0 && input.settings.toolChoice !== 'none';
  return `${header(input, 'web-llm in the browser')}
import { CreateMLCEngine } from "@mlc-ai/web-llm";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "@mlc-ai/web-llm";

const MODEL = "Hermes-3-Llama-3.1-8B-q4f16_1-MLC"; // web-llm accepts \`tools\` only for Hermes function-calling models
const PARALLEL_TOOL_CALLS = ${input.settings.parallelToolCalls};
${promptConstants(input)}

const tools: ChatCompletionTool[] = ${jsonBlock(tools, 0)};

${implementations(input)}

${runTool(input)}

async function main(): Promise<void> {
  const engine = await CreateMLCEngine(MODEL, {
    initProgressCallback: (report) => console.log(report.text),
  });
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: USER },
  ];
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const completion = await engine.chat.completions.create({
      messages,
${hasTools ? `      tools,\n      tool_choice: ${toolChoice(input.settings.toolChoice)},\n` : ''}    });
    const choice = completion.choices[0];
    if (!choice) throw new Error("The response has no choices.");
    const message = choice.message;
    const all = message.tool_calls ?? [];
    // Parallel calls off: one call per response (web-llm cannot be told so; the rest is left for later rounds).
    const calls = PARALLEL_TOOL_CALLS ? all : all.slice(0, 1);
    messages.push({ role: "assistant", content: message.content ?? "", ...(calls.length > 0 ? { tool_calls: calls } : {}) });
    if (calls.length === 0) {
      console.log(message.content ?? "");
      return;
    }
    let direct = true;
    let lastResult = "";
    for (const call of calls) {
      const result = await runTool(call.function.name, call.function.arguments);
      messages.push({ role: "tool", tool_call_id: call.id, content: result.text });
      direct = direct && RETURN_DIRECT.has(call.function.name);
      lastResult = result.text;
    }
    if (direct) {
      console.log(lastResult); // returnDirect
      return;
    }
  }
  throw new Error(\`Stopped after \${MAX_ROUNDS} rounds (max rounds).\`);
}

void main();
`;
}
