/**
 * The harness's own words to the model about a call's arguments (the tool result it receives when they are
 * invalid), per tool language. Model-facing data: it follows the tools' language switch (`ToolOverride.language`,
 * like `Tool.inLanguage`), never the page's language. English is what every run so far holds, word for word.
 */
import type { ToolLanguage } from './tool';

interface ArgumentErrorWords {
  /** The first line, before one line per problem. */
  readonly invalid: (tool: string) => string;
  /** The whole result when the arguments are not JSON (`error`: the parser's message, as it came). */
  readonly notJson: (tool: string, error: string) => string;
}

export const ARGUMENT_ERROR_WORDS: Readonly<Record<ToolLanguage, ArgumentErrorWords>> = {
  en: {
    invalid: (tool) => `Invalid arguments for ${tool}:`,
    notJson: (tool, error) => `Invalid arguments for ${tool}: not valid JSON (${error}).`,
  },
  ko: {
    invalid: (tool) => `${tool}의 인수가 올바르지 않습니다:`,
    notJson: (tool, error) => `${tool}의 인수가 올바르지 않습니다: 올바른 JSON이 아닙니다 (${error}).`,
  },
};

interface CallErrorWords {
  /** The result when the model's tool call itself could not be read (`error`: the parser's message, as it came). */
  readonly unparsed: (error: string) => string;
  /** The result when the call names no tool the model was given (`available`: the names, or null when none). */
  readonly unknownTool: (name: string, available: readonly string[]) => string;
}

/**
 * The harness's words about a call it could not run at all (no tool to ask for its language): in the tools'
 * language as the workspace sets it (`callErrorLanguage`). English is what every run so far holds, word for word.
 */
export const CALL_ERROR_WORDS: Readonly<Record<ToolLanguage, CallErrorWords>> = {
  en: {
    unparsed: (error) => `Could not parse the tool call: ${error}`,
    unknownTool: (name, available) =>
      `Unknown tool "${name}". Available tools: ${available.length > 0 ? available.join(', ') : 'none'}.`,
  },
  ko: {
    unparsed: (error) => `도구 호출을 해석할 수 없습니다: ${error}`,
    unknownTool: (name, available) =>
      `알 수 없는 도구 "${name}"입니다. 사용할 수 있는 도구: ${available.length > 0 ? available.join(', ') : '없음'}.`,
  },
};

/**
 * The language of a call with no tool to speak for it: the named tool's own, when it has one; otherwise Korean
 * when any of the given tools is described in Korean (the tools' language switch), English when none is.
 */
export function callErrorLanguage(
  name: string,
  toolNames: readonly string[],
  language: ((toolName: string) => ToolLanguage | undefined) | undefined,
): ToolLanguage {
  if (!language) return 'en';
  return language(name) ?? (toolNames.some((tool) => language(tool) === 'ko') ? 'ko' : 'en');
}

/** "Invalid arguments for calculate:" and one line per problem (each already written as `- …`). */
export function invalidArgumentsText(tool: string, lines: readonly string[], language: ToolLanguage = 'en'): string {
  return `${ARGUMENT_ERROR_WORDS[language].invalid(tool)}\n${lines.join('\n')}`;
}
