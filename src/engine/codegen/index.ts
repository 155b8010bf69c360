/** "Show the code": the current loop as programs, one per SDK (pure generators). */
import { anthropicTypeScript } from './anthropic-ts';
import type { CodegenInput } from './input';
import { javaSpringAi } from './java-spring';
import { openAiTypeScript } from './openai-ts';
import { webLlmTypeScript } from './webllm-ts';

export type { CodegenInput } from './input';
export { lacksProperties, withProperties } from './schema';

export type CodeTarget = 'openai-ts' | 'anthropic-ts' | 'spring-ai-java' | 'webllm-ts';

export interface GeneratedProgram {
  readonly target: CodeTarget;
  /** The file name the download uses. */
  readonly filename: string;
  readonly language: 'typescript' | 'java';
  readonly code: string;
}

export const CODE_TARGETS: readonly CodeTarget[] = ['openai-ts', 'anthropic-ts', 'spring-ai-java', 'webllm-ts'];

export function generateProgram(target: CodeTarget, input: CodegenInput): GeneratedProgram {
  switch (target) {
    case 'openai-ts':
      return { target, filename: 'loop-openai.ts', language: 'typescript', code: openAiTypeScript(input) };
    case 'anthropic-ts':
      return { target, filename: 'loop-anthropic.ts', language: 'typescript', code: anthropicTypeScript(input) };
    case 'spring-ai-java':
      return { target, filename: 'Tools.java', language: 'java', code: javaSpringAi(input) };
    case 'webllm-ts':
      return { target, filename: 'loop-webllm.ts', language: 'typescript', code: webLlmTypeScript(input) };
  }
}
