/**
 * The loop as a TypeScript program with the OpenAI SDK (`openai`): Chat Completions, the tools as function tools,
 * `tool_choice` and `parallel_tool_calls` from the loop settings, one round per model call until a response has
 * no tool calls (or every executed call is returnDirect), at most MAX_ROUNDS.
 */
import type { ToolChoice } from '../runtime';
import type { CodegenInput } from './input';
import { jsonBlock, literal } from './input';
import { withProperties } from './schema';
import { header, implementations, promptConstants, runTool } from './typescript-shared';

function toolChoice(choice: ToolChoice): string {
  if (typeof choice === 'string') return literal(choice);
  return `{ type: "function", function: { name: ${literal(choice.name)} } }`;
}

export function openAiTypeScript(input: CodegenInput): string {
  const tools = input.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: withProperties(t.inputSchema) },
  }));
  const hasTools = input.tools.length > 0 && input.settings.toolChoice !== 'none';
  const toolOptions = hasTools
    ? [
        '      tools,',
        `      tool_choice: ${toolChoice(input.settings.toolChoice)},`,
        `      parallel_tool_calls: ${input.settings.parallelToolCalls},`,
      ]
    : [];
  return `${header(input, 'the OpenAI SDK (Chat Completions)')}
import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";

const client = new OpenAI(); // reads OPENAI_API_KEY (set baseURL for any OpenAI-compatible server)
const MODEL = process.env.MODEL ?? "gpt-4o-mini";
${promptConstants(input)}

const tools: ChatCompletionTool[] = ${jsonBlock(tools, 0)};

${implementations(input)}

${runTool(input)}

async function main(): Promise<void> {
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: USER },
  ];
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages,
${toolOptions.length > 0 ? `${toolOptions.join('\n')}\n` : ''}    });
    const choice = completion.choices[0];
    if (!choice) throw new Error("The response has no choices.");
    const message = choice.message;
    messages.push(message);
    const calls = (message.tool_calls ?? []).filter((call) => call.type === "function");
    if (calls.length === 0) {
      console.log(message.content ?? "", \`(finish_reason: \${choice.finish_reason})\`);
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
      console.log(lastResult); // returnDirect: the tool result is the answer, no further model call
      return;
    }
  }
  throw new Error(\`Stopped after \${MAX_ROUNDS} rounds (max rounds).\`);
}

void main();
`;
}
