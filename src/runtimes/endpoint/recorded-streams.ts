/**
 * Chat-completion SSE streams in the shapes each server documents, written out byte for byte (String.raw keeps
 * the JSON escapes) for the assembler's tests. OpenAI: a call opens with id, type and name and an empty
 * arguments string, the arguments follow in pieces, `usage` comes in a last chunk with no choices. vLLM: a
 * priming chunk, the call's name without arguments, argument pieces, `stop_reason` beside `finish_reason`,
 * `reasoning_content`. Ollama: every call whole in one delta, parallel calls all at `index: 0` with their own
 * ids (Ollama before 0.12), `reasoning` for thinking models. The llama.cpp stream was recorded from the real
 * llama-server this project builds (see e2e/endpoint*.spec.ts), serving the tiny test model.
 */

/** OpenAI: two parallel calls, arguments split mid-token, usage last, then `[DONE]`. */
export const OPENAI_PARALLEL_CALLS = String.raw`data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_Qw3Tz8","type":"function","function":{"name":"current_time","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ti"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"mezone\": \"Asia/Se"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"oul\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_Vb71Lm","type":"function","function":{"name":"calculate","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"operation\": \"multiply\", "}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\"a\": 128, \"b\": 7}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}

data: {"id":"chatcmpl-A1","object":"chat.completion.chunk","created":1730000000,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[],"usage":{"prompt_tokens":142,"completion_tokens":51,"total_tokens":193,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}

data: [DONE]

`;

/** OpenAI: a plain text answer (no tools), ending with `stop`. */
export const OPENAI_TEXT = String.raw`data: {"id":"chatcmpl-A2","object":"chat.completion.chunk","created":1730000001,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A2","object":"chat.completion.chunk","created":1730000001,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"content":"It is 19:41 in Seoul"},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A2","object":"chat.completion.chunk","created":1730000001,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{"content":"; (128 × 7) − 19 = 877."},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-A2","object":"chat.completion.chunk","created":1730000001,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}

data: {"id":"chatcmpl-A2","object":"chat.completion.chunk","created":1730000001,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_0ba0d124f1","choices":[],"usage":{"prompt_tokens":230,"completion_tokens":19,"total_tokens":249}}

data: [DONE]

`;

/** vLLM (hermes tool parser, a reasoning model): reasoning, then one call whose arguments stream in pieces. */
export const VLLM_REASONING_AND_CALL = String.raw`data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"reasoning_content":"The user wants "},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"reasoning_content":"the product first."},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-5c0f2a","type":"function","index":0,"function":{"name":"calculate"}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"operation\": \""}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"subtract\", \"a\": 896"}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":", \"b\": 19}"}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"tool_calls","stop_reason":null}]}

data: {"id":"chatcmpl-b7e1","object":"chat.completion.chunk","created":1730000100,"model":"Qwen/Qwen3-8B","choices":[],"usage":{"prompt_tokens":311,"total_tokens":377,"completion_tokens":66}}

data: [DONE]

`;

/** vLLM: an error mid-stream (its `{"error": {…}}` shape), after some text; no `[DONE]` follows. */
export const VLLM_ERROR_MID_STREAM = String.raw`data: {"id":"chatcmpl-c3","object":"chat.completion.chunk","created":1730000200,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-c3","object":"chat.completion.chunk","created":1730000200,"model":"Qwen/Qwen3-8B","choices":[{"index":0,"delta":{"content":"It is"},"logprobs":null,"finish_reason":null}]}

data: {"error": {"object": "error", "message": "The engine died unexpectedly (EngineDeadError).", "type": "InternalServerError", "param": null, "code": 500}}

`;

/** vLLM before 0.6: the error object itself as the event, `"object": "error"` at the top. */
export const VLLM_ERROR_FLAT = String.raw`data: {"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5120 tokens.","type":"BadRequestError","param":null,"code":400}

`;

/** Ollama: two parallel calls, each whole in one delta, both at index 0 with their own ids; usage; `[DONE]`. */
export const OLLAMA_PARALLEL_INDEX_ZERO = String.raw`data: {"id":"chatcmpl-18","object":"chat.completion.chunk","created":1744446075,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_wteop8bt","index":0,"type":"function","function":{"name":"current_time","arguments":"{\"timezone\":\"Asia/Seoul\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-18","object":"chat.completion.chunk","created":1744446075,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_rk2xye1l","index":0,"type":"function","function":{"name":"calculate","arguments":"{\"a\":128,\"b\":7,\"operation\":\"multiply\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-18","object":"chat.completion.chunk","created":1744446075,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"tool_calls"}]}

data: {"id":"chatcmpl-18","object":"chat.completion.chunk","created":1744446075,"model":"qwen2.5:7b","system_fingerprint":"fp_ollama","choices":[],"usage":{"prompt_tokens":213,"completion_tokens":49,"total_tokens":262}}

data: [DONE]

`;

/** Ollama with a thinking model: `reasoning` deltas, then the answer text. */
export const OLLAMA_THINKING_TEXT = String.raw`data: {"id":"chatcmpl-41","object":"chat.completion.chunk","created":1754000000,"model":"qwen3:1.7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","reasoning":"877 is the"},"finish_reason":null}]}

data: {"id":"chatcmpl-41","object":"chat.completion.chunk","created":1754000000,"model":"qwen3:1.7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"","reasoning":" result."},"finish_reason":null}]}

data: {"id":"chatcmpl-41","object":"chat.completion.chunk","created":1754000000,"model":"qwen3:1.7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":"(128 × 7) − 19 = 877."},"finish_reason":null}]}

data: {"id":"chatcmpl-41","object":"chat.completion.chunk","created":1754000000,"model":"qwen3:1.7b","system_fingerprint":"fp_ollama","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"stop"}]}

data: [DONE]

`;

/** A connection cut in the middle of a call's arguments: no finish reason, no `[DONE]`. */
export const CUT_MID_CALL = String.raw`data: {"id":"chatcmpl-A9","object":"chat.completion.chunk","created":1730000300,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_Zz1","type":"function","function":{"name":"calculate","arguments":""}}]},"logprobs":null,"finish_reason":null}]}

data: {"id":"chatcmpl-A9","object":"chat.completion.chunk","created":1730000300,"model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"operation\": \"mul"}}]},"logprobs":null,"finish_reason":null}]}

`;

/**
 * llama.cpp (recorded from the real llama-server built by scripts/llama-server/build.mjs, serving the tiny test
 * model with the LFM2 template, Seoul scenario, seed 3, logit_bias {"263": 8}): some text, then one call whose
 * name and id come first and whose arguments arrive a few characters at a time; `timings` on every chunk, usage
 * in a last chunk with no choices.
 */
export const LLAMA_CPP_TOOL_CALL = String.raw`data: {"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"]"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"&"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"b"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Y"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"<tool_call>"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"7"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"r"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"["}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"content":"-"}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"id":"Yeo1hGcpbaGqyNwqC4CGC95s8LskZ4b7","type":"function","function":{"name":"calculate","arguments":"{"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"a\":"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"1"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"6"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"9"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"e"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"3"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":null,"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[{"finish_reason":"tool_calls","index":0,"delta":{}}],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk"}

data: {"choices":[],"created":1796233259,"id":"chatcmpl-xwsJxRLDdJBM53LakkkUJPU4FtqaSZZ5","model":"tiny-random-test-model","system_fingerprint":"b1-80fb11a","object":"chat.completion.chunk","usage":{"completion_tokens":55,"prompt_tokens":998,"total_tokens":1053,"prompt_tokens_details":{"cached_tokens":997}},"timings":{"cache_n":997,"prompt_n":1,"prompt_ms":4.1,"prompt_per_token_ms":4.1,"prompt_per_second":243.90243902439028,"predicted_n":55,"predicted_ms":103.249,"predicted_per_token_ms":1.9120185185185183,"predicted_per_second":523.0074867553197}}

data: [DONE]

`;
