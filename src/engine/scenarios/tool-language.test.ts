import { describe, expect, it } from 'vitest';
import { nextRequest } from '../loop/request';
import { INITIAL_STATE } from '../loop/state';
import { EMPTY_WORKSPACE, withOverride, workspaceForScenario } from '../loop/workspace';
import { createPresetTools } from '../presets';
import { executeToolCall } from '../loop/tool-execution';
import { createToolRegistry } from '../tool-registry';
import { toDefinition } from '../tool';
import { SEOUL_TIME_MATH, SEOUL_TIME_MATH_KO } from './seoul';
import { KOREAN_TOOL_TEXT, koreanReadingOf, toolLanguageOf, withToolLanguage } from './tool-language';

const catalog = createPresetTools();
const sent = (workspace: typeof EMPTY_WORKSPACE) => {
  const request = nextRequest({ workspace, state: INITIAL_STATE, catalog });
  if (!request.ok) throw new Error(request.error);
  return request.value.tools;
};

describe('tool descriptions in English or Korean', () => {
  const korean = workspaceForScenario(SEOUL_TIME_MATH_KO, EMPTY_WORKSPACE);

  it('the Korean Seoul scenario sends its tools described in Korean, names and schema shapes unchanged', () => {
    const tools = sent(korean);
    const calculate = tools.find((t) => t.name === 'calculate');
    expect(calculate?.description).toBe(KOREAN_TOOL_TEXT.calculate?.description);
    const properties = calculate?.inputSchema.properties as Record<string, { description?: string; type?: unknown }>;
    expect(properties.a?.description).toBe(KOREAN_TOOL_TEXT.calculate?.parameters.a);
    expect(properties.a?.type).toBe('number');
    const english = sent(workspaceForScenario(SEOUL_TIME_MATH, EMPTY_WORKSPACE));
    expect(tools.map((t) => t.name)).toEqual(english.map((t) => t.name));
    expect(Object.keys(properties)).toEqual(Object.keys(english[1]?.inputSchema.properties as object));
    expect(korean.userDraft).toContain('계산은 반드시 도구를 써서 해');
  });

  it('switches both ways, keeping the other flags', () => {
    expect(toolLanguageOf(korean)).toBe('ko');
    const flagged = {
      ...korean,
      toolOverrides: { ...korean.toolOverrides, calculate: { ...korean.toolOverrides.calculate, needsApproval: true } },
    };
    const english = withToolLanguage(flagged, 'en');
    expect(toolLanguageOf(english)).toBe('en');
    const tools = sent(english);
    expect(tools.find((t) => t.name === 'calculate')?.description).toMatch(/^Does exact arithmetic/);
    expect(tools.find((t) => t.name === 'calculate')?.needsApproval).toBe(true);
    expect(english.toolOverrides.current_time).toBeUndefined();
    expect(sent(withToolLanguage(english, 'ko')).find((t) => t.name === 'current_time')?.description).toBe(
      KOREAN_TOOL_TEXT.current_time?.description,
    );
  });

  it('offers no switch when no exposed tool has Korean words', () => {
    expect(toolLanguageOf({ ...korean, exposed: ['my_own_tool'] })).toBeNull();
  });

  it('every preset tool has Korean words for the Korean page, and the page reads them only while the model gets English', () => {
    const presets = createPresetTools().map(toDefinition);
    expect(presets.map((tool) => tool.name).filter((name) => KOREAN_TOOL_TEXT[name] === undefined)).toEqual([]);
    const inventory = presets.find((tool) => tool.name === 'check_inventory')!;
    expect(koreanReadingOf(inventory)).toBe(KOREAN_TOOL_TEXT.check_inventory?.description);
    // Sent in Korean already: nothing else to read. A user's tool of the same name is not the preset.
    expect(
      koreanReadingOf({ ...inventory, description: KOREAN_TOOL_TEXT.check_inventory!.description }),
    ).toBeUndefined();
    expect(koreanReadingOf({ ...inventory, source: 'user' })).toBeUndefined();
  });
});

describe("the calculator answers in the tools' language", () => {
  const korean = workspaceForScenario(SEOUL_TIME_MATH_KO, EMPTY_WORKSPACE);
  const english = withToolLanguage(korean, 'en');
  /** What the model reads back for one call, with the calculator as the workspace exposes it. */
  const answer = async (workspace: typeof EMPTY_WORKSPACE, args: unknown, raw?: string) => {
    const tool = withOverride(
      catalog.find((t) => t.name === 'calculate')!,
      workspace.toolOverrides,
    );
    const outcome = await executeToolCall(
      { id: 'c1', name: 'calculate', argumentsText: raw ?? JSON.stringify(args) },
      { kind: 'approve' },
      {
        registry: createToolRegistry([tool]),
        exceptionMode: 'send-to-model',
        now: () => 0,
        signal: new AbortController().signal,
        // What the app's workspace source answers (store/playground.ts): the override's language.
        language: (name) => workspace.toolOverrides[name]?.language,
      },
    );
    if (outcome.kind !== 'result') throw new Error('the call stopped the loop');
    return outcome.result;
  };

  it('says "0으로 나눌 수 없습니다." while described in Korean, "Cannot divide by zero." in English', async () => {
    expect(toolLanguageOf(korean)).toBe('ko');
    expect(await answer(korean, { operation: 'divide', a: 5, b: 0 })).toMatchObject({
      text: '0으로 나눌 수 없습니다.',
      isError: false,
    });
    expect(await answer(english, { operation: 'divide', a: 5, b: 0 })).toMatchObject({
      text: 'Cannot divide by zero.',
      isError: false,
    });
    // Switching back to Korean brings the Korean words back; a normal result is a number in both.
    expect((await answer(withToolLanguage(english, 'ko'), { operation: 'divide', a: 1, b: 0 })).text).toBe(
      '0으로 나눌 수 없습니다.',
    );
    expect((await answer(korean, { operation: 'multiply', a: 128, b: 7 })).text).toBe('896');
  });

  it("words its argument errors with zod's Korean locale in Korean, zod's English otherwise", async () => {
    const bad = { operation: 'power', a: 'x', b: 2 };
    const ko = await answer(korean, bad);
    expect(ko.isError).toBe(true);
    expect(ko.text).toContain('operation: 잘못된 옵션');
    expect(ko.text).toContain('a: 잘못된 입력: 예상 타입은 number, 받은 타입은 string입니다');
    expect(ko.text).not.toContain('Invalid option');
    const en = await answer(english, bad);
    expect(en.isError).toBe(true);
    expect(en.text).toContain('operation: Invalid option: expected one of');
    expect(en.text).toContain('a: Invalid input: expected number, received string');
    expect(en.text).not.toMatch(/[가-힣]/);
  });

  it('wraps invalid arguments in the tools’ language: Korean while described in Korean, English otherwise', async () => {
    const bad = { operation: 'power', a: 'x', b: 2 };
    const ko = (await answer(korean, bad)).text;
    expect(ko.split('\n')[0]).toBe('calculate의 인수가 올바르지 않습니다:');
    expect(ko).not.toContain('Invalid arguments');
    const en = (await answer(english, bad)).text;
    expect(en.split('\n')[0]).toBe('Invalid arguments for calculate:');
    // Not JSON at all: the parser's own message is quoted as it came, inside the tool language's words.
    const koJson = (await answer(korean, null, '{"a": ')).text;
    expect(koJson).toMatch(/^calculate의 인수가 올바르지 않습니다: 올바른 JSON이 아닙니다 \(.+\)\.$/);
    const enJson = (await answer(english, null, '{"a": ')).text;
    expect(enJson).toMatch(/^Invalid arguments for calculate: not valid JSON \(.+\)\.$/);
  });

  it('the harness’s own result text reads English without a language, whatever the tool', async () => {
    const tool = catalog.find((t) => t.name === 'calculate')!;
    const outcome = await executeToolCall(
      { id: 'c1', name: 'calculate', argumentsText: '{"operation": "add"}' },
      { kind: 'approve' },
      {
        registry: createToolRegistry([tool]),
        exceptionMode: 'send-to-model',
        now: () => 0,
        signal: new AbortController().signal,
      },
    );
    expect(outcome.kind === 'result' && outcome.result.text.split('\n')[0]).toBe('Invalid arguments for calculate:');
  });

  it('the switch keeps the language with the Korean words and drops it with them', () => {
    expect(korean.toolOverrides.calculate?.language).toBe('ko');
    expect(english.toolOverrides.calculate?.language).toBeUndefined();
    // A tool with Korean descriptions but no Korean words of its own (current_time) is described in Korean only.
    const time = withOverride(
      catalog.find((t) => t.name === 'current_time')!,
      korean.toolOverrides,
    );
    expect(time.description).toBe(KOREAN_TOOL_TEXT.current_time?.description);
  });
});
