/** A run's runtime is named from its kind and model, in the page's language; a model's own name stays as it is. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createScriptedRuntime } from '../../engine/model-port/scripted';
import { RUNTIME_KINDS, runtimeRefSchema } from '../../engine/run-file/event-schema';
import { TINY_TEST_MODEL } from '../../engine/runtime';
import { createI18n } from '../../i18n';
import { englishT } from '../../i18n/english';
import { en } from '../../i18n/locales/en';
import { ko as koCatalog } from '../../i18n/locales/ko';
import { runtimeLabelText } from './runtime-label';

let ko: TFunction<'runtimes'>;
beforeAll(async () => {
  ko = (await createI18n('ko')).getFixedT('ko', 'runtimes');
});

describe('runtime label', () => {
  it('names a runtime without a model by its own name, in English and Korean', () => {
    const english = englishT('runtimes');
    for (const kind of RUNTIME_KINDS) {
      expect(runtimeLabelText(english, { kind })).toBe(en.runtimes.label[kind]);
      expect(runtimeLabelText(ko, { kind })).toBe(koCatalog.runtimes.label[kind]);
    }
    const scripted = createScriptedRuntime({
      script: { steps: [] },
      tokensPerSecond: 0,
      now: () => 0,
      sleep: async () => {},
    });
    expect(runtimeLabelText(ko, scripted)).toBe('스크립트 재생 (Scripted replay)');
  });

  it('names a runtime with its model: the runtime in the page’s words, the model as its maker wrote it', () => {
    const english = englishT('runtimes');
    expect(runtimeLabelText(english, { kind: 'webllm', model: 'Qwen2.5-0.5B' })).toBe('WebLLM · Qwen2.5-0.5B');
    expect(runtimeLabelText(english, { kind: 'endpoint', model: 'llama3' })).toBe('Endpoint · llama3');
    expect(runtimeLabelText(ko, { kind: 'endpoint', model: 'llama3' })).toBe('엔드포인트 · llama3');
    expect(runtimeLabelText(english, { kind: 'wllama', model: TINY_TEST_MODEL })).toBe('CPU · tiny random test model');
    expect(runtimeLabelText(ko, { kind: 'wllama', model: TINY_TEST_MODEL })).toBe('CPU · 작은 무작위 테스트 모델');
  });

  it('reads the model of a run stored before runtimes named it out of its English label (migration)', () => {
    const read = (kind: string, label: string) => runtimeRefSchema.parse({ kind, label });
    expect(read('webllm', 'WebLLM · Qwen2.5-0.5B')).toMatchObject({ model: 'Qwen2.5-0.5B' });
    expect(read('endpoint', 'Endpoint · llama3')).toMatchObject({ model: 'llama3' });
    expect(read('wllama', 'CPU · tiny random test model')).toMatchObject({ model: TINY_TEST_MODEL });
    expect(read('wllama', 'CPU · SmolLM2-135M')).toMatchObject({ model: 'SmolLM2-135M' });
    expect(read('scripted', 'Scripted replay')).toEqual({ kind: 'scripted', label: 'Scripted replay' });
    expect(read('human', 'Scripted replay')).toEqual({ kind: 'human', label: 'Scripted replay' });
  });
});
