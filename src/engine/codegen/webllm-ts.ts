/**
 * The loop as a TypeScript program for the browser with web-llm (`@mlc-ai/web-llm`, the pinned version), speaking
 * the playground's own tool protocol exactly as its WebLLM runtime does. Not web-llm's `tools` field: that works
 * only for five 8B Hermes models, forces a JSON array of calls on every reply (the model can never answer), and
 * refuses a system prompt of one's own (`CustomSystemPromptError`). Instead the tools go into the system prompt in
 * Qwen's trained `<tools>` layout, a `structural_tag` response format holds each call's arguments to its tool's
 * JSON Schema (tool choice and parallel calls mapped onto it), the program reads the `<tool_call>` blocks itself
 * and sends the results back as one user turn of `<tool_response>` blocks (Qwen's templates have no tool role).
 * The system prompt and the response format are the ones the runtime builds (`qwen3Format`), so the program's
 * first request is the app's; `src/runtimes/webllm/generated-program.test.ts` runs it through web-llm's checks.
 */
import { qwen3Format } from '../protocol/formats';
import { renderToolsSection } from '../protocol/hermes';
import type { CodegenInput } from './input';
import { jsonBlock, literal } from './input';
import { header, implementations, promptConstants, runTool } from './typescript-shared';

/** The model the program loads: the one the playground recommends, in the build that runs without shader-f16. */
export const WEBLLM_PROGRAM_MODEL = 'Qwen3-1.7B-q4f32_1-MLC';

export function webLlmTypeScript(input: CodegenInput): string {
  const tools = input.settings.toolChoice === 'none' ? [] : input.tools;
  const tag = qwen3Format.structuralTag(tools, input.settings.toolChoice, input.settings.parallelToolCalls);
  const section =
    tools.length === 0
      ? 'const TOOLS_SECTION: string | null = null; // no tools in this request'
      : `const TOOLS_SECTION: string | null = ${literal(renderToolsSection(tools))};`;
  const formatLine = tag
    ? `const RESPONSE_FORMAT: ResponseFormat | undefined = ${jsonBlock(
        { type: 'structural_tag', structural_tag: { type: 'structural_tag', format: tag } },
        0,
      )};`
    : 'const RESPONSE_FORMAT: ResponseFormat | undefined = undefined; // no tools: the reply is free text';
  return `${header(input, 'web-llm in the browser')}
// The playground's own tool protocol, as its WebLLM runtime speaks it. Not web-llm's \`tools\` field: that works
// only for five 8B Hermes models, forces a JSON array of calls on every reply (the model can never answer) and
// refuses a system prompt of your own (CustomSystemPromptError).
import { CreateMLCEngine } from "@mlc-ai/web-llm";
import type { ChatCompletionMessageParam, ResponseFormat } from "@mlc-ai/web-llm";

const MODEL = ${literal(WEBLLM_PROGRAM_MODEL)}; // any model trained on <tool_call> blocks: Qwen2.5, Qwen3, Hermes
${promptConstants(input)}

/** The tools in the layout Qwen was trained on (\`<tools>\`, one JSON line per tool), after your system prompt. */
${section}
const SYSTEM_PROMPT = [SYSTEM.trim() === "" ? null : SYSTEM, TOOLS_SECTION].filter((part) => part !== null).join("\\n\\n");

/**
 * One triggered tag per tool: text outside the tags stays free, and a call's arguments must match its tool's JSON
 * Schema. Tool choice: auto → at_least_one false, required → true, a named tool → only its tag. Parallel calls
 * off → stop_after_first.
 */
${formatLine}

${implementations(input)}

${runTool(input)}

/** The text after the model's reasoning (\`<think>…</think>\`): calls are read only there. */
function afterThinking(text: string): string {
  const end = text.lastIndexOf("</think>");
  return end < 0 ? text : text.slice(end + "</think>".length).trim();
}

/** The \`<tool_call>\` blocks of a reply, in order, as a name and the arguments' JSON. */
function toolCalls(text: string): { name: string; argumentsJson: string }[] {
  const calls: { name: string; argumentsJson: string }[] = [];
  for (const match of afterThinking(text).matchAll(/<tool_call>\\s*([\\s\\S]*?)\\s*<\\/tool_call>/g)) {
    const body = match[1] ?? "";
    try {
      const call = JSON.parse(body) as { name?: unknown; arguments?: unknown };
      calls.push({ name: String(call.name ?? ""), argumentsJson: JSON.stringify(call.arguments ?? {}) });
    } catch {
      calls.push({ name: "", argumentsJson: body }); // runTool answers it as an unknown tool, an error the model reads
    }
  }
  return calls;
}

async function main(): Promise<void> {
  const engine = await CreateMLCEngine(MODEL, {
    initProgressCallback: (report) => console.log(report.text),
  });
  const messages: ChatCompletionMessageParam[] = [
    ...(SYSTEM_PROMPT === "" ? [] : [{ role: "system" as const, content: SYSTEM_PROMPT }]),
    { role: "user", content: USER },
  ];
  for (let round = 1; round <= MAX_ROUNDS; round += 1) {
    const completion = await engine.chat.completions.create({
      messages,
      ...(RESPONSE_FORMAT ? { response_format: RESPONSE_FORMAT } : {}),
    });
    const choice = completion.choices[0];
    if (!choice) throw new Error("The response has no choices.");
    const text = choice.message.content ?? "";
    // The exact text goes back: web-llm reuses its KV cache only when the history is what it generated.
    messages.push({ role: "assistant", content: text });
    const calls = toolCalls(text);
    if (calls.length === 0) {
      console.log(afterThinking(text));
      return;
    }
    let direct = true;
    let lastResult = "";
    const responses: string[] = [];
    for (const call of calls) {
      const result = await runTool(call.name, call.argumentsJson);
      responses.push(\`<tool_response>\\n\${result.text}\\n</tool_response>\`);
      direct = direct && RETURN_DIRECT.has(call.name);
      lastResult = result.text;
    }
    if (direct) {
      console.log(lastResult); // returnDirect
      return;
    }
    // Qwen's template has no tool role: the results go back as one user turn of <tool_response> blocks.
    messages.push({ role: "user", content: responses.join("\\n") });
  }
  throw new Error(\`Stopped after \${MAX_ROUNDS} rounds (max rounds).\`);
}

void main();
`;
}
