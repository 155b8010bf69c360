/**
 * The loop as Java with Spring AI 2.0, two ways: the manual loop (`chatModel.call` until the response has no tool
 * calls, each round's calls run by a `ToolCallingManager`), and the advisor-controlled chain (`ChatClient` with the
 * advisors and orders of the Advisors tab: memory, the `ToolCallingAdvisor` loop, the logger…). The playground's
 * own advisors (trace, think trace, metrics) are not Spring classes: they appear as comments at their orders.
 * Checked against golden files (codegen/golden/*.java), since no Java toolchain runs in the tests.
 */
import type { AdvisorSpec } from '../advisors/setup';
import { formatOrder } from '../advisors/order';
import type { CodegenInput } from './input';
import { camel, literal } from './input';
import { withProperties } from './schema';

/** A Java expression for an order: `Ordered.HIGHEST_PRECEDENCE + 300`, `0`, `Ordered.LOWEST_PRECEDENCE - 2000`. */
function javaOrder(order: number): string {
  return formatOrder(order).replace(/(HIGHEST|LOWEST)_PRECEDENCE/, 'Ordered.$1_PRECEDENCE');
}

function toolConstants(input: CodegenInput): string {
  if (input.tools.length === 0) return '    static final List<ToolCallback> TOOLS = List.of();';
  const items = input.tools.map(
    (t) =>
      `        new JsonTool(${literal(t.name)},\n            ${literal(t.description)},\n` +
      `            ${literal(JSON.stringify(withProperties(t.inputSchema)))},\n` +
      `            ${t.returnDirect ? 'true' : 'false'}, Tools::${camel(t.name)})`,
  );
  return `    static final List<ToolCallback> TOOLS = List.of(\n${items.join(',\n')});`;
}

function implementations(input: CodegenInput): string {
  return input.tools
    .map(
      (t) =>
        `    /** ${t.name}: ${t.description.replace(/\*\//g, '* /').replace(/\s+/g, ' ')} */\n` +
        `    static String ${camel(t.name)}(String argumentsJson) {\n` +
        `        throw new UnsupportedOperationException(${literal(`${t.name} is not implemented yet: `)} + argumentsJson);\n` +
        '    }',
    )
    .join('\n\n');
}

function advisorLine(spec: AdvisorSpec, loopOrder: number): string {
  const order = javaOrder(spec.order);
  const where = spec.order < loopOrder ? 'outside the loop' : spec.order > loopOrder ? 'inside the loop' : 'the loop';
  switch (spec.kind) {
    case 'memory':
      return `MessageChatMemoryAdvisor.builder(chatMemory).order(${order}).build(), // ${where}`;
    case 'tool-calling':
      return `ToolCallingAdvisor.builder().advisorOrder(${order})${
        spec.shortenToolResults !== undefined ? ' /* + a doGetNextInstructionsForToolCall override */' : ''
      }.build(), // the loop`;
    case 'logger':
      return `SimpleLoggerAdvisor.builder().order(${order}).build(), // ${where}`;
    case 'validation':
      return `StructuredOutputValidationAdvisor.builder().outputType(Answer.class).maxRepeatAttempts(${
        spec.maxRepeatAttempts ?? 3
      }).advisorOrder(${order}).build(), // ${where}`;
    case 'trace':
    case 'think-trace':
    case 'metrics':
      return `// ${spec.kind} at ${order} (${where}): a playground advisor, write your own CallAdvisor`;
  }
}

export function javaSpringAi(input: CodegenInput): string {
  const enabled = [...input.advisors.advisors].filter((s) => s.enabled).sort((a, b) => a.order - b.order);
  const loopOrder = enabled.find((s) => s.kind === 'tool-calling')?.order ?? Number.MIN_SAFE_INTEGER;
  const advisorLines = enabled.map((s) => `                ${advisorLine(s, loopOrder)}`);
  // Java's varargs need no trailing comma: drop the last real one, keep the comments.
  const lastReal = advisorLines.map((l) => !l.trimStart().startsWith('//')).lastIndexOf(true);
  if (lastReal >= 0) advisorLines[lastReal] = advisorLines[lastReal]!.replace(/\.build\(\), \/\//, '.build() //');
  const parallel = input.settings.parallelToolCalls;
  return `// ${input.title}: the loop of Tool Loop Playground as Java with Spring AI 2.0.
// Generated from the current tools, settings and advisors; fill in the tool implementations.
package playground;

import java.util.List;
import java.util.function.Function;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.SimpleLoggerAdvisor;
import org.springframework.ai.chat.client.advisor.StructuredOutputValidationAdvisor;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.metadata.ToolMetadata;
import org.springframework.core.Ordered;

public class Tools {

    static final String SYSTEM = ${literal(input.system)};
    static final String USER = ${literal(input.user)};
    static final int MAX_ROUNDS = ${input.settings.maxRounds};

${toolConstants(input)}

${implementations(input)}

    /**
     * The manual loop: ChatModel.call returns raw tool calls (Spring AI 2.0 removed the model's internal loop; in 1.x
     * this needed ToolCallingChatOptions.internalToolExecutionEnabled(false)), and a ToolCallingManager runs each round.
     */
    static String manualLoop(ChatModel chatModel) {
        ToolCallingChatOptions options = ToolCallingChatOptions.builder()
                .toolCallbacks(TOOLS)${parallel ? '' : "\n                // parallel calls off: set it on your model's options (OpenAI parallelToolCalls(false))"}
                .build();
        ToolCallingManager toolCallingManager = ToolCallingManager.builder().build();
        Prompt prompt = new Prompt(List.of(new SystemMessage(SYSTEM), new UserMessage(USER)), options);
        ChatResponse response = chatModel.call(prompt);
        int rounds = 1;
        while (response.hasToolCalls()) {
            ToolExecutionResult result = toolCallingManager.executeToolCalls(prompt, response);
            if (result.returnDirect()) {
                return result.conversationHistory().get(result.conversationHistory().size() - 1).getText();
            }
            if (rounds >= MAX_ROUNDS) {
                throw new IllegalStateException("Stopped after " + MAX_ROUNDS + " rounds (max rounds).");
            }
            prompt = new Prompt(result.conversationHistory(), options);
            response = chatModel.call(prompt);
            rounds++;
        }
        return response.getResult().getOutput().getText();
    }

    /** The advisor-controlled chain, with the orders of the Advisors tab (lower runs first, outside the loop). */
    static String advisorChain(ChatModel chatModel) {
        ChatMemory chatMemory = MessageWindowChatMemory.builder().build();
        ChatClient chatClient = ChatClient.builder(chatModel)
            .defaultAdvisors(
${advisorLines.join('\n')}
            )
            .build();
        return chatClient.prompt()
            .system(SYSTEM)
            .user(USER)
            .toolCallbacks(TOOLS)
            .call()
            .content();
    }

${
  enabled.some((s) => s.kind === 'validation')
    ? '    /** The structured answer the validation advisor checks (the schema of the Advisors tab). */\n    record Answer(String answer) {}\n\n'
    : ''
}    /** A tool from a JSON Schema and a function of the arguments' JSON text. */
    record JsonTool(String name, String description, String inputSchema, boolean returnDirect,
            Function<String, String> body) implements ToolCallback {

        @Override
        public ToolDefinition getToolDefinition() {
            return DefaultToolDefinition.builder().name(name).description(description).inputSchema(inputSchema).build();
        }

        @Override
        public ToolMetadata getToolMetadata() {
            return ToolMetadata.builder().returnDirect(returnDirect).build();
        }

        @Override
        public String call(String toolInput) {
            return body.apply(toolInput);
        }
    }
}
`;
}
