// The engine's public entry keeps the names outside tools rely on (the shared side-by-side runner, the benches):
// each is imported from src/engine/index.ts and drives one scripted round, so a rename or a lost export fails here.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  createScriptedRuntime,
  DEFAULT_SETTINGS,
  defineTool,
  hermesFormat,
  interpretResponse,
  llama32Format,
  LoopController,
  parseOutput,
  PROMPT_FORMATS,
  promptText,
  qwen25Format,
  qwen3Format,
  renderChatPrompt,
  renderToolCallBlock,
  toDefinition,
} from './index';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its input.',
  schema: z.object({ text: z.string() }),
  execute: ({ text }) => text,
});

describe('the engine entry', () => {
  it('runs a scripted round with the names the side-by-side runner imports', async () => {
    const runtime = createScriptedRuntime({
      script: { steps: [{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'done' }] },
      tokensPerSecond: 0,
      sleep: async () => {},
      now: () => 0,
    });
    const controller = new LoopController({ runtime: () => runtime, now: () => 0, newRunId: () => 'entry' });
    controller.startRun({ system: 'entry', tools: [echo], settings: { ...DEFAULT_SETTINGS, maxRounds: 3 } });
    controller.send('Echo hi.');
    await controller.runToEnd();
    expect(controller.getState().finished?.reason).toBe('final-answer');
    expect(controller.getState().round).toBe(2);
  });

  it('parses and interprets the text a model writes', () => {
    const raw = renderToolCallBlock('echo', { text: 'hi' });
    expect(parseOutput(raw, 'tool-call-tags').calls.map((c) => c.name)).toEqual(['echo']);
    const interpreted = interpretResponse({ raw, finishReason: 'stop' }, () => 'call_1');
    expect(interpreted.stop.derived).toBe('tool_calls');
    expect(interpreted.executableCalls.map((c) => c.id)).toEqual(['call_1']);
  });

  it('renders the prompt of every model family', () => {
    const formats = [qwen25Format, qwen3Format, llama32Format, hermesFormat];
    expect(new Set(Object.values(PROMPT_FORMATS))).toEqual(new Set(formats));
    const messages = [{ role: 'user' as const, content: 'Echo hi.' }];
    for (const format of formats) {
      const prompt = promptText(format.renderPrompt(messages, [toDefinition(echo)]));
      expect(prompt, format.id).toContain('Echo hi.');
      expect(prompt, format.id).toContain('echo');
    }
    expect(renderChatPrompt({ messages, tools: [toDefinition(echo)] })).toContain('Echo hi.');
  });
});
