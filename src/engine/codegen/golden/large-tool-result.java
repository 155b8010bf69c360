// A huge tool result, shortened by a loop hook: the loop of Tool Loop Playground as Java with Spring AI 2.0.
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

    static final String SYSTEM = "You are a shop assistant. Use the tools to answer questions about customers and their orders.";
    static final String USER = "What did customer C-1001 order most recently?";
    static final int MAX_ROUNDS = 10;

    static final List<ToolCallback> TOOLS = List.of(
        new JsonTool("order_history",
            "Returns every past order of a customer (id format \"C-1001\") as a JSON array, newest first: order id, date, SKU, product, quantity and status.",
            "{\"type\":\"object\",\"properties\":{\"customerId\":{\"type\":\"string\",\"minLength\":1,\"description\":\"The customer id, e.g. \\\"C-1001\\\".\"}},\"required\":[\"customerId\"],\"additionalProperties\":false}",
            false, Tools::orderHistory));

    /** order_history: Returns every past order of a customer (id format "C-1001") as a JSON array, newest first: order id, date, SKU, product, quantity and status. */
    static String orderHistory(String argumentsJson) {
        throw new UnsupportedOperationException("order_history is not implemented yet: " + argumentsJson);
    }

    /**
     * The manual loop: ChatModel.call returns raw tool calls (Spring AI 2.0 removed the model's internal loop; in 1.x
     * this needed ToolCallingChatOptions.internalToolExecutionEnabled(false)), and a ToolCallingManager runs each round.
     */
    static String manualLoop(ChatModel chatModel) {
        ToolCallingChatOptions options = ToolCallingChatOptions.builder()
                .toolCallbacks(TOOLS)
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
                MessageChatMemoryAdvisor.builder(chatMemory).order(Ordered.HIGHEST_PRECEDENCE + 200).build(), // outside the loop
                SimpleLoggerAdvisor.builder().order(Ordered.HIGHEST_PRECEDENCE + 250).build(), // outside the loop
                ToolCallingAdvisor.builder().advisorOrder(Ordered.HIGHEST_PRECEDENCE + 300) /* + a doGetNextInstructionsForToolCall override */.build() // the loop
                // trace at Ordered.HIGHEST_PRECEDENCE + 350 (inside the loop): a playground advisor, write your own CallAdvisor
                // think-trace at Ordered.HIGHEST_PRECEDENCE + 360 (inside the loop): a playground advisor, write your own CallAdvisor
                // metrics at Ordered.HIGHEST_PRECEDENCE + 400 (inside the loop): a playground advisor, write your own CallAdvisor
            )
            .build();
        return chatClient.prompt()
            .system(SYSTEM)
            .user(USER)
            .toolCallbacks(TOOLS)
            .call()
            .content();
    }

    /** A tool from a JSON Schema and a function of the arguments' JSON text. */
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
