// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserToolSpec } from '../../engine/user-tools';
import {
  compileSpecSchema,
  newUserToolSpec,
  problemsEnglish,
  STUDIO_NOTICES,
  STUDIO_PROBLEMS,
  studioNotice,
} from '../../engine/user-tools';
import { createI18n, I18nRoot, wordMessage } from '../../i18n';
import { englishT } from '../../i18n/english';
import { EnglishRoot } from '../../i18n/english-root';
import { createTestPlayground } from '../../store/test-playground';
import { PlaygroundProvider } from '../playground-context';
import { TestRunPanel } from './test-run-panel';
import { zodErrorMap } from './studio-words';

afterEach(cleanup);

const tool: UserToolSpec = newUserToolSpec('t1', 'add', 0);

async function panel(draft: UserToolSpec, language: 'en' | 'ko') {
  const { playground } = createTestPlayground();
  const inner = (
    <PlaygroundProvider playground={playground}>
      <TestRunPanel draft={draft} onSampleArgs={() => {}} />
    </PlaygroundProvider>
  );
  render(
    language === 'en' ? <EnglishRoot>{inner}</EnglishRoot> : <I18nRoot i18n={await createI18n('ko')}>{inner}</I18nRoot>,
  );
}

/** Presses Run test and returns the refusal shown. */
async function refusal(name: RegExp): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name }));
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe("the test run's argument errors are worded in the page's language (zod's locale)", () => {
  const wrong = { ...tool, sampleArgs: '{"a": "two", "b": 3}' };

  it("in Korean: the studio line and zod's Korean issue", async () => {
    await panel(wrong, 'ko');
    const text = await refusal(/테스트 실행/);
    expect(text).toContain('예시 인자가 스키마에 맞지 않습니다:');
    expect(text).toContain('a: 잘못된 입력: 예상 타입은 number, 받은 타입은 string입니다');
    expect(text).not.toContain('Invalid input');
  });

  it("in English: zod's own English", async () => {
    await panel(wrong, 'en');
    const text = await refusal(/Run test/);
    expect(text).toContain('The sample arguments do not match the schema:');
    expect(text).toContain('a: Invalid input: expected number, received string');
    expect(text).not.toMatch(/[가-힣]/);
  });

  it("never changes zod's global words: the model's copy of the same issue stays English", async () => {
    await panel(wrong, 'ko');
    await refusal(/테스트 실행/);
    const compiled = compileSpecSchema(tool);
    if (!compiled.ok) throw new Error(problemsEnglish(compiled.error));
    expect(compiled.value.validate({ a: 'two', b: 3 })).toEqual({
      ok: false,
      error: ['a: Invalid input: expected number, received string'],
    });
    expect(zodErrorMap('en')).toBeUndefined();
  });

  it("words a JSON Schema tool's issues too (a validator built from JSON Schema)", async () => {
    const json = {
      ...tool,
      parameters: null,
      jsonSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 3 } }, required: ['n'] },
      sampleArgs: '{"n": 1}',
    };
    await panel(json, 'ko');
    expect(await refusal(/테스트 실행/)).toContain('n: number이 너무 작습니다: 3 이상이어야 합니다');
  });
});

describe("the studio's own problems are worded in the page's language", () => {
  it('a broken form: each problem in Korean, under the Korean headline', async () => {
    const broken = {
      ...tool,
      parameters: [
        { ...tool.parameters![0]!, name: '' },
        { ...tool.parameters![1]!, enumValues: ['x'] },
      ],
    };
    await panel(broken, 'ko');
    const text = await refusal(/테스트 실행/);
    expect(text).toContain('매개변수에 문제가 있습니다:');
    expect(text).toContain('#1: 매개변수에 이름이 필요합니다.');
    expect(text).toContain('b: 허용 값 "x"은(는) 숫자가 아닙니다.');
    cleanup();
    await panel(broken, 'en');
    const english = await refusal(/Run test/);
    expect(english).toContain('The parameters have problems:\n#1: a parameter needs a name.');
    expect(english).toContain('b: allowed value "x" is not a number.');
  });

  it('words every problem and every notice in Korean, their values filled in, counts through plural rules', async () => {
    const korean = (await createI18n('ko')).getFixedT('ko', 'studio');
    const values = { name: 'n', source: 'preset', where: 'w', value: 'v', detail: 'd', max: '9', chars: '10' };
    for (const code of STUDIO_PROBLEMS.codes) {
      if (code === 'quoted') continue;
      const problem = { code, values: { ...values, type: '"array"', cycle: 'c', types: 'x, y' } };
      const text = wordMessage(korean, 'problem', problem);
      expect(text, code).toMatch(/[가-힣]/);
      expect(text, code).not.toContain('{{');
    }
    for (const code of STUDIO_NOTICES.codes) {
      const notice = studioNotice('info', code, { name: 'n', error: 'e', reason: 'r', count: '2', skipped: '1' });
      expect(wordMessage(korean, 'notice', notice.parts[0]!), code).toMatch(/[가-힣]/);
    }
    const english = englishT('studio');
    expect(wordMessage(english, 'notice', studioNotice('info', 'imported', { count: '1' }).parts[0]!)).toBe(
      'Imported 1 tool.',
    );
    expect(wordMessage(english, 'notice', studioNotice('info', 'imported', { count: '3' }).parts[0]!)).toBe(
      'Imported 3 tools.',
    );
  });
});
