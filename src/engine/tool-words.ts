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

/** "Invalid arguments for calculate:" and one line per problem (each already written as `- …`). */
export function invalidArgumentsText(tool: string, lines: readonly string[], language: ToolLanguage = 'en'): string {
  return `${ARGUMENT_ERROR_WORDS[language].invalid(tool)}\n${lines.join('\n')}`;
}
