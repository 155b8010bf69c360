/** A run's runtime label: the runtimes' own English names are worded in Korean; a label naming a model stays. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createScriptedRuntime } from '../../engine/model-port/scripted';
import { RUNTIME_KINDS } from '../../engine/run-file/event-schema';
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
  it('reads in English exactly as the run stored it', () => {
    const english = englishT('runtimes');
    for (const kind of RUNTIME_KINDS) {
      const label = en.runtimes.label[kind];
      expect(runtimeLabelText(english, { kind, label })).toBe(label);
    }
    expect(runtimeLabelText(english, { kind: 'wllama', label: 'CPU · tiny random test model' })).toBe(
      'CPU · tiny random test model',
    );
  });

  it('words each runtime’s own name in Korean, the scripted replay’s default label included', () => {
    for (const kind of RUNTIME_KINDS) {
      expect(runtimeLabelText(ko, { kind, label: en.runtimes.label[kind] })).toBe(koCatalog.runtimes.label[kind]);
    }
    const scripted = createScriptedRuntime({
      script: { steps: [] },
      tokensPerSecond: 0,
      now: () => 0,
      sleep: async () => {},
    });
    expect(runtimeLabelText(ko, scripted)).toBe('스크립트 재생 (Scripted replay)');
    expect(runtimeLabelText(ko, { kind: 'wllama', label: 'CPU · tiny random test model' })).toBe(
      'CPU · 작은 무작위 테스트 모델',
    );
  });

  it('keeps a label that names a model, and a name of another runtime’s kind', () => {
    expect(runtimeLabelText(ko, { kind: 'webllm', label: 'WebLLM · Qwen2.5-0.5B' })).toBe('WebLLM · Qwen2.5-0.5B');
    expect(runtimeLabelText(ko, { kind: 'endpoint', label: 'Endpoint · llama3' })).toBe('Endpoint · llama3');
    expect(runtimeLabelText(ko, { kind: 'human', label: 'Scripted replay' })).toBe('Scripted replay');
  });
});
