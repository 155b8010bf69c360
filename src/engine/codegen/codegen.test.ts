/**
 * "Show the code": the TypeScript programs type-check against the real SDKs (`openai`, `@anthropic-ai/sdk`, the
 * pinned `@mlc-ai/web-llm`) for every preset scenario, with `tsc --noEmit`; the Java output matches golden files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADVISOR_CONFIG } from '../advisors/setup';
import { DEFAULT_ORDERS, HIGHEST_PRECEDENCE } from '../advisors/order';
import { exposedDefinitions } from '../loop/request';
import { EMPTY_WORKSPACE, workspaceForScenario } from '../loop/workspace';
import { createPresetTools } from '../presets';
import { createLessonTools } from '../presets/lesson-tools';
import { getScenario, SCENARIOS } from '../scenarios';
import type { Scenario } from '../scenarios';
import { createWorkspace28Tools } from '../scenarios/workspace-28';
import { toDefinition } from '../tool';
import { ToolSearchSession } from '../tool-search/apply';
import type { CodegenInput } from './index';
import { CODE_TARGETS, generateProgram, lacksProperties, withProperties } from './index';

const catalog = [
  ...createPresetTools(),
  ...createLessonTools(),
  new ToolSearchSession().tool,
  ...createWorkspace28Tools(),
].map(toDefinition);

function inputFor(scenario: Scenario, advisors = DEFAULT_ADVISOR_CONFIG): CodegenInput {
  const workspace = workspaceForScenario(scenario, EMPTY_WORKSPACE);
  const tools = exposedDefinitions(workspace, catalog);
  if (!tools.ok) throw new Error(tools.error);
  return {
    title: scenario.title,
    system: workspace.system,
    user: workspace.userDraft,
    tools: tools.value,
    settings: workspace.settings,
    advisors,
  };
}

const ROOT = resolve(__dirname, '../../..');

describe('the TypeScript programs compile against the SDKs', () => {
  it('for every preset scenario, with tsc --noEmit', { timeout: 240_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegen-'));
    try {
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM'],
            types: ['node'],
            skipLibCheck: true,
            noUnusedLocals: true,
            noUncheckedIndexedAccess: true,
          },
          include: ['*.ts'],
        }),
      );
      let files = 0;
      for (const scenario of SCENARIOS) {
        for (const target of CODE_TARGETS) {
          const program = generateProgram(target, inputFor(scenario));
          if (program.language !== 'typescript') continue;
          // Each file is a module of its own (it imports), so the same names in two files do not clash.
          writeFileSync(join(dir, `${scenario.id}-${program.filename}`), program.code);
          files += 1;
        }
      }
      expect(files).toBe(SCENARIOS.length * 3);
      let output = '';
      try {
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
          encoding: 'utf8',
        });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the generated programs follow the settings', () => {
  it('parallel calls off reach every SDK’s own switch', () => {
    const input = inputFor(getScenario('parallel-lookups')!);
    expect(generateProgram('openai-ts', input).code).toContain('parallel_tool_calls: false');
    expect(generateProgram('anthropic-ts', input).code).toContain('disable_parallel_tool_use: true');
    expect(generateProgram('anthropic-ts', input).code).toContain('while (response.stop_reason === "tool_use")');
    expect(generateProgram('anthropic-ts', input).code).toContain('client.beta.messages.toolRunner(');
    expect(generateProgram('webllm-ts', input).code).toContain('"stop_after_first": true');
  });

  it('augmentation: the schemas carry innerThought and the program strips it before the tool runs', () => {
    const code = generateProgram('openai-ts', inputFor(getScenario('augmented-arguments')!)).code;
    expect(code).toContain('"innerThought"');
    expect(code).toContain('delete args[field];');
  });
});

describe('the Java output (golden files)', () => {
  const golden = (name: string) => readFileSync(join(__dirname, 'golden', name), 'utf8');

  it('seoul-time-math with the default advisors', () => {
    expect(generateProgram('spring-ai-java', inputFor(getScenario('seoul-time-math')!)).code).toBe(
      golden('seoul-time-math.java'),
    );
  });

  it('large-tool-result with the logger moved outside (+250) and the think trace on (+360)', () => {
    const advisors = {
      advisors: DEFAULT_ADVISOR_CONFIG.advisors.map((s) =>
        s.kind === 'logger'
          ? { ...s, order: HIGHEST_PRECEDENCE + 250 }
          : s.kind === 'think-trace'
            ? { ...s, enabled: true }
            : s.kind === 'tool-calling'
              ? { ...s, shortenToolResults: 600 }
              : s,
      ),
    };
    const code = generateProgram('spring-ai-java', inputFor(getScenario('large-tool-result')!, advisors)).code;
    expect(code).toContain(`SimpleLoggerAdvisor.builder().order(Ordered.HIGHEST_PRECEDENCE + 250).build(), // outside`);
    expect(DEFAULT_ORDERS.thinkTrace).toBe(HIGHEST_PRECEDENCE + 360);
    expect(code).toBe(golden('large-tool-result.java'));
  });
});

describe('schemas without properties', () => {
  it('are flagged, and the generators send an empty properties object', () => {
    expect(lacksProperties({ type: 'object' })).toBe(true);
    expect(lacksProperties({})).toBe(true);
    expect(lacksProperties({ type: 'object', properties: {} })).toBe(false);
    expect(withProperties({ type: 'object' })).toEqual({ type: 'object', properties: {} });
    const input = { ...inputFor(getScenario('parallel-lookups')!) };
    const bare = { ...input, tools: [{ ...input.tools[0]!, name: 'ping', inputSchema: { type: 'object' } }] };
    expect(generateProgram('anthropic-ts', bare).code).toContain('"properties": {}');
  });
});
