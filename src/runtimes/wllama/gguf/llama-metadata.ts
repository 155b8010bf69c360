/**
 * The metadata of a llama-architecture GGUF the app writes itself (the tiny random test model, the lesson model):
 * shape, a SentencePiece ("llama") vocabulary with ChatML specials, and Qwen2.5's chat template, so llama.cpp,
 * wllama and llama-server (`--jinja`) read it like any Qwen2.5-style model.
 */
import type { GgufValue } from './gguf-writer';

export interface LlamaShape {
  readonly embedding: number;
  readonly blocks: number;
  readonly feedForward: number;
  readonly heads: number;
  readonly headsKv: number;
  readonly contextLength: number;
  readonly ropeDimensions: number;
}

export interface LlamaMetadataOptions {
  readonly name: string;
  readonly description: string;
  /** llama_ftype: 0 all F32, 1 mostly F16, 7 mostly Q8_0. */
  readonly fileType: number;
  readonly shape: LlamaShape;
  readonly vocab: {
    readonly tokens: readonly string[];
    readonly scores: readonly number[];
    readonly types: readonly number[];
  };
  readonly ids: { readonly bos: number; readonly eos: number; readonly unk: number; readonly imEnd: number };
  /** Extra keys (after the standard ones). */
  readonly extra?: readonly (readonly [string, GgufValue])[];
}

export function llamaGgufMetadata(options: LlamaMetadataOptions): (readonly [string, GgufValue])[] {
  const s = options.shape;
  const u32 = (value: number): GgufValue => ({ type: 'u32', value });
  const f32 = (value: number): GgufValue => ({ type: 'f32', value });
  const str = (value: string): GgufValue => ({ type: 'string', value });
  const bool = (value: boolean): GgufValue => ({ type: 'bool', value });
  return [
    ['general.architecture', str('llama')],
    ['general.name', str(options.name)],
    ['general.description', str(options.description)],
    ['general.alignment', u32(32)],
    ['general.file_type', u32(options.fileType)],
    ['llama.vocab_size', u32(options.vocab.tokens.length)],
    ['llama.context_length', u32(s.contextLength)],
    ['llama.embedding_length', u32(s.embedding)],
    ['llama.block_count', u32(s.blocks)],
    ['llama.feed_forward_length', u32(s.feedForward)],
    ['llama.attention.head_count', u32(s.heads)],
    ['llama.attention.head_count_kv', u32(s.headsKv)],
    ['llama.attention.layer_norm_rms_epsilon', f32(1e-5)],
    ['llama.rope.dimension_count', u32(s.ropeDimensions)],
    ['llama.rope.freq_base', f32(10000)],
    ['tokenizer.ggml.model', str('llama')],
    ['tokenizer.ggml.tokens', { type: 'array', itemType: 'string', values: options.vocab.tokens }],
    ['tokenizer.ggml.scores', { type: 'array', itemType: 'f32', values: options.vocab.scores }],
    ['tokenizer.ggml.token_type', { type: 'array', itemType: 'i32', values: options.vocab.types }],
    ['tokenizer.ggml.bos_token_id', u32(options.ids.bos)],
    ['tokenizer.ggml.eos_token_id', u32(options.ids.eos)],
    ['tokenizer.ggml.unknown_token_id', u32(options.ids.unk)],
    ['tokenizer.ggml.eot_token_id', u32(options.ids.imEnd)],
    ['tokenizer.ggml.add_bos_token', bool(true)],
    ['tokenizer.ggml.add_eos_token', bool(false)],
    ['tokenizer.ggml.add_space_prefix', bool(false)],
    ['tokenizer.chat_template', str(QWEN25_CHAT_TEMPLATE)],
    ...(options.extra ?? []),
  ];
}

/** Qwen2.5-Instruct's official chat template (ChatML with Hermes-style tools), verbatim. */
export const QWEN25_CHAT_TEMPLATE = String.raw`{%- if tools %}
    {{- '<|im_start|>system\n' }}
    {%- if messages[0]['role'] == 'system' %}
        {{- messages[0]['content'] }}
    {%- else %}
        {{- 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.' }}
    {%- endif %}
    {{- "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>" }}
    {%- for tool in tools %}
        {{- "\n" }}
        {{- tool | tojson }}
    {%- endfor %}
    {{- "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" }}
{%- else %}
    {%- if messages[0]['role'] == 'system' %}
        {{- '<|im_start|>system\n' + messages[0]['content'] + '<|im_end|>\n' }}
    {%- else %}
        {{- '<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n' }}
    {%- endif %}
{%- endif %}
{%- for message in messages %}
    {%- if (message.role == "user") or (message.role == "system" and not loop.first) or (message.role == "assistant" and not message.tool_calls) %}
        {{- '<|im_start|>' + message.role + '\n' + message.content + '<|im_end|>' + '\n' }}
    {%- elif message.role == "assistant" %}
        {{- '<|im_start|>' + message.role }}
        {%- if message.content %}
            {{- '\n' + message.content }}
        {%- endif %}
        {%- for tool_call in message.tool_calls %}
            {%- if tool_call.function is defined %}
                {%- set tool_call = tool_call.function %}
            {%- endif %}
            {{- '\n<tool_call>\n{"name": "' }}
            {{- tool_call.name }}
            {{- '", "arguments": ' }}
            {{- tool_call.arguments | tojson }}
            {{- '}\n</tool_call>' }}
        {%- endfor %}
        {{- '<|im_end|>\n' }}
    {%- elif message.role == "tool" %}
        {%- if (loop.index0 == 0) or (messages[loop.index0 - 1].role != "tool") %}
            {{- '<|im_start|>user' }}
        {%- endif %}
        {{- '\n<tool_response>\n' }}
        {{- message.content }}
        {{- '\n</tool_response>' }}
        {%- if loop.last or (messages[loop.index0 + 1].role != "tool") %}
            {{- '<|im_end|>\n' }}
        {%- endif %}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\n' }}
{%- endif %}
`;
