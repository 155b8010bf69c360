import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './endpoint-settings';
import {
  DEFAULT_SETTINGS,
  guessFormat,
  loadSettings,
  parseExtraBody,
  resolveCallConfig,
  resolveFormat,
  saveSettings,
} from './endpoint-settings';
import { checkCall } from './endpoint-store';
import { createPresetTools } from '../../engine/presets';
import { toDefinition } from '../../engine/tool';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const ORIGIN = 'http://127.0.0.1:5173';

describe('endpoint settings', () => {
  it('round-trip through storage; the API key is stored apart from the settings', () => {
    const storage = memoryStorage();
    const settings = { ...DEFAULT_SETTINGS, baseUrl: 'http://127.0.0.1:11434', model: 'qwen3:1.7b' };
    saveSettings(storage, settings, 'sk-1');
    expect(storage.map.get('tlp-endpoint-settings')).not.toContain('sk-1');
    expect(loadSettings(storage)).toEqual({ settings, apiKey: 'sk-1' });
    saveSettings(storage, settings, '');
    expect(loadSettings(storage).apiKey).toBe('');
  });

  it('a damaged or foreign record falls back to the defaults', () => {
    const storage = memoryStorage();
    storage.setItem('tlp-endpoint-settings', '{not json');
    expect(loadSettings(storage).settings).toEqual(DEFAULT_SETTINGS);
    storage.setItem('tlp-endpoint-settings', '{"mode":"telepathy"}');
    expect(loadSettings(storage).settings).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(null).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('extra body fields must be one JSON object', () => {
    expect(parseExtraBody('  ')).toEqual({ ok: true, value: undefined });
    expect(parseExtraBody('{"top_k": 20}')).toEqual({ ok: true, value: { top_k: 20 } });
    expect(parseExtraBody('[1]')).toMatchObject({ ok: false });
    expect(parseExtraBody('{top_k: 20}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not valid JSON'),
    });
  });

  it('guesses the format from the model name, Qwen2.5 when nothing matches', () => {
    expect(resolveFormat({ ...DEFAULT_SETTINGS, model: 'qwen3:1.7b' }).format.id).toBe('qwen3');
    expect(resolveFormat({ ...DEFAULT_SETTINGS, model: 'llama-3.2-3b-instruct' }).format.id).toBe('llama-3.2');
    expect(guessFormat('llama3.2:3b')?.id).toBe('llama-3.2');
    expect(guessFormat('Qwen/Qwen3-8B')?.id).toBe('qwen3');
    expect(guessFormat('qwen2.5:7b')?.id).toBe('qwen2.5');
    expect(guessFormat('qwen2.5-7b-instruct')?.id).toBe('qwen2.5');
    expect(guessFormat('hermes3:8b')?.id).toBe('hermes');
    expect(guessFormat('Qwen3.5-4B')).toBeNull();
    expect(guessFormat('gpt-4o-mini')).toBeNull();
    expect(resolveFormat({ ...DEFAULT_SETTINGS, model: 'mystery' })).toMatchObject({
      format: { id: 'qwen2.5' },
      guessed: true,
    });
    expect(resolveFormat({ ...DEFAULT_SETTINGS, model: 'mystery', format: 'hermes' })).toMatchObject({
      format: { id: 'hermes' },
      guessed: false,
    });
  });

  it('a call config needs a usable URL, a model, valid extra fields and a constraint the server takes', () => {
    const good = { ...DEFAULT_SETTINGS, baseUrl: 'localhost:8080', model: 'm' };
    const config = resolveCallConfig(good, 'k', 'llama.cpp', ORIGIN);
    expect(config).toMatchObject({
      ok: true,
      value: { access: { baseUrl: 'http://localhost:8080/v1', apiKey: 'k' }, model: 'm', server: 'llama.cpp' },
    });
    expect(resolveCallConfig({ ...good, model: ' ' }, '', null, ORIGIN)).toMatchObject({ ok: false });
    expect(resolveCallConfig({ ...good, baseUrl: 'ftp://x' }, '', null, ORIGIN)).toMatchObject({ ok: false });
    expect(resolveCallConfig({ ...good, extraBody: '[' }, '', null, ORIGIN)).toMatchObject({ ok: false });
    const grammarOnVllm = { ...good, mode: 'app-protocol', constraint: 'grammar' } as const;
    expect(resolveCallConfig(grammarOnVllm, '', 'vllm', ORIGIN)).toMatchObject({
      ok: false,
      error: expect.stringContaining('takes no GBNF grammar'),
    });
    expect(resolveCallConfig(grammarOnVllm, '', 'llama.cpp', ORIGIN).ok).toBe(true);
  });
});

describe('checkCall (the compare view)', () => {
  const tools = createPresetTools().map(toDefinition);
  it('checks a call the way the harness does before running it', () => {
    expect(checkCall({ name: 'calculate', argumentsText: '{"operation":"add","a":1,"b":2}' }, tools)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(checkCall({ name: 'calculate', argumentsText: '{"operation":"add","a":"x","b":2}' }, tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('fail the schema'),
    });
    expect(checkCall({ name: 'calculate', argumentsText: '{"a":' }, tools)).toMatchObject({
      ok: false,
      error: expect.stringContaining('not JSON'),
    });
    expect(checkCall({ name: 'nope', argumentsText: '{}' }, tools)).toEqual({
      ok: false,
      error: 'unknown tool “nope”',
    });
    expect(checkCall({ name: '', argumentsText: '<x', parseError: 'invalid JSON' }, tools)).toMatchObject({
      ok: false,
    });
  });
});
