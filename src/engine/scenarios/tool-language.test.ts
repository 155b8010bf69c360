import { describe, expect, it } from 'vitest';
import { nextRequest } from '../loop/request';
import { INITIAL_STATE } from '../loop/state';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../loop/workspace';
import { createPresetTools } from '../presets';
import { SEOUL_TIME_MATH, SEOUL_TIME_MATH_KO } from './seoul';
import { KOREAN_TOOL_TEXT, toolLanguageOf, withToolLanguage } from './tool-language';

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
    expect(toolLanguageOf({ ...korean, exposed: ['check_inventory'] })).toBeNull();
  });
});
