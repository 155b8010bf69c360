import { describe, expect, it } from 'vitest';
import type { Message } from '../messages';
import { DENIED_TEXT } from '../loop/tool-execution';
import type { ScriptStep } from './script';
import {
  chooseTurn,
  createStepCounter,
  evaluateCondition,
  latestResults,
  renderTurn,
  stepIndex,
  substituteText,
  substituteValue,
  validateScript,
} from './script';

const user = (content: string): Message => ({ role: 'user', content });
const assistant = (): Message => ({ role: 'assistant', content: '', raw: '', toolCalls: [] });
const tool = (name: string, content: string, isError = false): Message => ({
  role: 'tool',
  toolCallId: `id_${name}`,
  name,
  content,
  isError,
});

describe('step selection', () => {
  it('counts assistant messages after the last user message', () => {
    expect(stepIndex([{ role: 'system', content: 's' }, user('a')])).toBe(0);
    expect(stepIndex([user('a'), assistant(), tool('t', '1'), assistant(), tool('t', '2')])).toBe(2);
    // A new user message starts again from step 0.
    expect(stepIndex([user('a'), assistant(), assistant(), user('b')])).toBe(0);
    expect(stepIndex([user('a'), assistant(), assistant(), user('b'), assistant()])).toBe(1);
  });

  it('counts a growing history from where it was, and any other history whole', () => {
    const count = createStepCounter();
    const log = [user('a'), assistant(), tool('t', '1'), assistant(), tool('t', '2'), user('b'), assistant()];
    for (let n = 1; n <= log.length; n++)
      expect(count(log.slice(0, n)), `${n} messages`).toBe(stepIndex(log.slice(0, n)));
    const other = [user('c'), assistant(), assistant()];
    expect(count(other)).toBe(2);
    expect(count([...other.slice(0, 1), assistant()])).toBe(1);
  });
});

describe('templates', () => {
  const messages: Message[] = [
    user('old'),
    assistant(),
    tool('calculate', '1'),
    user('What is it?'),
    assistant(),
    tool('calculate', '896'),
    tool('current_time', '19:41'),
  ];

  it('substitutes the most recent result of a tool, any tool, and the user message', () => {
    expect(substituteText('{{last:calculate}} / {{ last:current_time }} / {{last}} / {{user}}', messages)).toBe(
      '896 / 19:41 / 19:41 / What is it?',
    );
    expect(substituteText('[{{last:discount}}]', messages)).toBe('[]');
  });

  it('only looks at results since the last user message', () => {
    expect(substituteText('{{last:calculate}}', [user('a'), assistant(), tool('calculate', '5'), user('b')])).toBe('');
  });

  it('a whole-template argument keeps the JSON type of the result; embedded templates stay text', () => {
    expect(
      substituteValue(
        { a: '{{last:calculate}}', b: 19, s: 'is {{last:calculate}}', list: ['{{last:current_time}}'] },
        messages,
      ),
    ).toEqual({
      a: 896,
      b: 19,
      s: 'is 896',
      list: ['19:41'],
    });
    expect(
      substituteValue('{{last:calculate}}', [user('x'), assistant(), tool('calculate', 'Cannot divide by zero.')]),
    ).toBe('Cannot divide by zero.');
  });

  it('renders a turn to raw text through the text protocol', () => {
    const raw = renderTurn(
      {
        text: 'Now {{last:calculate}}.',
        toolCalls: [{ name: 'calculate', arguments: { operation: 'subtract', a: '{{last:calculate}}', b: 19 } }],
      },
      messages,
    );
    expect(raw).toBe(
      'Now 896.\n<tool_call>\n{"name": "calculate", "arguments": {"operation": "subtract", "a": 896, "b": 19}}\n</tool_call>',
    );
    expect(renderTurn({ raw: 'as is {{last:calculate}}', text: 'ignored' }, messages)).toBe('as is 896');
    expect(renderTurn({}, messages)).toBe('');
  });
});

describe('conditions and branches', () => {
  const ok: Message[] = [user('q'), assistant(), tool('calculate', '896'), tool('current_time', 't')];
  const denied: Message[] = [user('q'), assistant(), tool('calculate', DENIED_TEXT, true), tool('current_time', 't')];
  const errored: Message[] = [user('q'), assistant(), tool('calculate', 'Error: x', true)];
  const later: Message[] = [...errored, assistant(), tool('current_time', 't')];

  it('evaluates each condition', () => {
    expect(evaluateCondition({ kind: 'latest-error' }, ok)).toBe(false);
    expect(evaluateCondition({ kind: 'latest-error' }, errored)).toBe(true);
    expect(evaluateCondition({ kind: 'latest-error' }, later)).toBe(false);
    expect(evaluateCondition({ kind: 'latest-denied' }, denied)).toBe(true);
    expect(evaluateCondition({ kind: 'latest-denied' }, errored)).toBe(false);
    expect(evaluateCondition({ kind: 'tool-failed', tool: 'calculate' }, later)).toBe(true);
    expect(evaluateCondition({ kind: 'tool-failed', tool: 'current_time' }, later)).toBe(false);
    expect(evaluateCondition({ kind: 'tool-missing', tool: 'discount' }, ok)).toBe(true);
    expect(evaluateCondition({ kind: 'tool-missing', tool: 'calculate' }, ok)).toBe(false);
    expect(evaluateCondition({ kind: 'result-includes', tool: 'calculate', text: '89' }, ok)).toBe(true);
    expect(evaluateCondition({ kind: 'not', condition: { kind: 'latest-error' } }, ok)).toBe(true);
    const both = [{ kind: 'latest-error' }, { kind: 'tool-missing', tool: 'discount' }] as const;
    expect(evaluateCondition({ kind: 'any', conditions: both }, ok)).toBe(true);
    expect(evaluateCondition({ kind: 'all', conditions: both }, ok)).toBe(false);
    expect(evaluateCondition({ kind: 'all', conditions: both }, errored)).toBe(true);
    expect(latestResults(ok).map((m) => (m.role === 'tool' ? m.name : ''))).toEqual(['calculate', 'current_time']);
  });

  it('takes the first branch that holds, else otherwise', () => {
    const step: ScriptStep = {
      branches: [
        { when: { kind: 'latest-denied' }, turn: { text: 'denied' } },
        { when: { kind: 'latest-error' }, turn: { text: 'error' } },
      ],
      otherwise: { text: 'fine' },
    };
    expect(chooseTurn(step, denied).text).toBe('denied');
    expect(chooseTurn(step, errored).text).toBe('error');
    expect(chooseTurn(step, ok).text).toBe('fine');
  });
});

describe('validateScript', () => {
  it('accepts scripts and survives a JSON round trip', () => {
    const script = {
      steps: [
        { toolCalls: [{ name: 'a', arguments: {} }] },
        { branches: [{ when: { kind: 'latest-error' }, turn: { text: 'x' } }], otherwise: { text: 'y' } },
      ],
    };
    expect(validateScript(JSON.parse(JSON.stringify(script)))).toEqual({ ok: true, value: script });
  });

  it('explains what is wrong', () => {
    expect(validateScript(null)).toEqual({ ok: false, error: 'A script is an object with a "steps" array.' });
    expect(validateScript({ steps: [{ text: 3 }] })).toEqual({ ok: false, error: 'Step 1: "text" must be a string.' });
    expect(validateScript({ steps: [{}, { toolCalls: [{ name: 'a', arguments: [] }] }] })).toEqual({
      ok: false,
      error: 'Step 2: the arguments of a must be a JSON object.',
    });
    expect(validateScript({ steps: [{ finishReason: 'done' }] }).ok).toBe(false);
    expect(validateScript({ steps: [{ branches: [{ turn: {} }], otherwise: {} }] }).ok).toBe(false);
  });
});
