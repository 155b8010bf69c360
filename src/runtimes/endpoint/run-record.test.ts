import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../../engine/loop/events';
import { checkEvent } from '../../engine/run-file/event-schema';
import { REDACTED_KEY } from './endpoint-runtime';

/** A model call of the endpoint runtime as the run's log records it (server-tools mode, one call). */
const recorded: LoopEvent = {
  type: 'model-responded',
  at: 1000,
  round: 1,
  response: {
    raw: '',
    finishReason: 'tool_calls',
    usage: { promptTokens: 998, completionTokens: 54, estimated: false },
    timings: { timeToFirstTokenMs: 360, totalMs: 1207, prefillTokensPerSecond: 3568, decodeTokensPerSecond: 138 },
    nativeToolCalls: [{ id: 'RFQS', name: 'calculate', argumentsText: '{"b":76821090.3}' }],
    trace: {
      requestJson: { model: 'tiny-random-test-model', stream: true, tools: [] },
      promptBuiltBy: 'server',
      notes: ['Protocol mode: Server tools — …'],
      http: {
        method: 'POST',
        url: 'http://127.0.0.1:8080/v1/chat/completions',
        requestHeaders: { 'Content-Type': 'application/json', Authorization: REDACTED_KEY },
        requestBody: '{"model":"tiny-random-test-model","stream":true,"tools":[]}',
        status: 200,
        responseText: 'data: [DONE]\n\n',
      },
    },
    backend: 'llama.cpp server · Server tools',
  },
  message: {
    role: 'assistant',
    content: '',
    raw: '',
    toolCalls: [{ id: 'RFQS', name: 'calculate', argumentsText: '{"b":76821090.3}' }],
  },
  stop: { raw: 'tool_calls', derived: 'tool_calls', anomalies: [] },
  calls: [{ id: 'RFQS', name: 'calculate', argumentsText: '{"b":76821090.3}' }],
};

describe('an endpoint call in the run file', () => {
  it('keeps the mode, who built the prompt and the exact HTTP exchange through export and import', () => {
    const checked = checkEvent(JSON.parse(JSON.stringify(recorded)), 0);
    expect(checked).toEqual({ ok: true, value: recorded });
  });

  it('refuses a malformed exchange', () => {
    const broken = structuredClone(recorded) as { response: { trace: { http: { requestHeaders: unknown } } } };
    broken.response.trace.http.requestHeaders = 'Authorization: Bearer x';
    expect(checkEvent(broken, 0)).toMatchObject({ ok: false });
  });
});
