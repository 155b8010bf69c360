import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { createI18n } from '../../i18n';
import { englishT } from '../../i18n/english';
import { backendWords } from './backend-words';
import type { BackendFacts } from './wllama-loader';
import { backendText } from './wllama-loader';

const CASES: BackendFacts[] = [
  { kind: 'cpu', threads: 1 },
  { kind: 'cpu', threads: 4 },
  { kind: 'cpu', threads: 2, webgpu: 'unavailable' },
  { kind: 'cpu', threads: 1, webgpu: 'not-used' },
  { kind: 'webgpu', layers: 20, total: 25, threads: 4 },
];

let korean: TFunction<'cpu'>;
beforeAll(async () => {
  korean = (await createI18n('ko')).getFixedT('ko', 'cpu');
});

describe('the backend line', () => {
  it('reads in English as the run records it', () => {
    expect(backendText({ kind: 'cpu', threads: 1 })).toBe('wllama · CPU wasm · 1 thread');
    for (const facts of CASES) expect(backendWords(englishT('cpu'), facts)).toBe(backendText(facts));
  });

  it('reads in Korean with the library names kept', () => {
    expect(backendWords(korean, { kind: 'cpu', threads: 1 })).toBe('wllama · CPU wasm · 스레드 1개');
    expect(backendWords(korean, { kind: 'cpu', threads: 2, webgpu: 'unavailable' })).toBe(
      'wllama · CPU wasm · 스레드 2개 (WebGPU 사용 불가)',
    );
    expect(backendWords(korean, { kind: 'webgpu', layers: 20, total: 25, threads: 4 })).toBe(
      'wllama · WebGPU (레이어 20/25개) · 스레드 4개',
    );
    for (const facts of CASES) expect(backendWords(korean, facts)).not.toMatch(/thread|layers|unavailable|not used/);
  });
});
