// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, I18nRoot } from '../../i18n';
import { EnglishRoot } from '../../i18n/english-root';
import { ko } from '../../i18n/locales/ko';
import { interpretResponse } from '../../engine/protocol/interpret';
import { ParseNotes, splitNotes } from './parse-notes';

afterEach(cleanup);

const counter = () => {
  let n = 0;
  return () => `call_${++n}`;
};

describe('ParseNotes', () => {
  const raw =
    'I use <tool_call> tags. <img src=x onerror=alert(1)>\n' +
    '<tool_call>\n{"name": "check_inventory", "parameters": {"sku": "SKU-300"}}\n</tool_call>\n' +
    '<tool_call>\n{"name": "check_inventory", "arguments": {"sku": <b>1</b>}}\n</tool_call>';
  const message = interpretResponse({ raw, finishReason: 'stop' }, counter()).message;

  it('puts each note beside its call or the text', () => {
    const notes = splitNotes(message.parseIssues);
    expect(notes.text.map((i) => i.kind)).toEqual(['prose_mention']);
    expect(notes.byCall.get('call_1')?.map((i) => i.kind)).toEqual(['parameters_key']);
    expect(notes.byCall.get('call_2')?.map((i) => i.kind)).toEqual(['invalid_json']);
    expect(splitNotes(undefined)).toEqual({ text: [], byCall: new Map() });
  });

  it('shows the verdict, the kind, the sentence and the quoted text, as text and never as HTML', () => {
    const { container } = render(
      <EnglishRoot>
        <ParseNotes issues={message.parseIssues!} label="Parser notes" />
      </EnglishRoot>,
    );
    const list = screen.getByRole('list', { name: 'Parser notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-kind'))).toEqual([
      'prose_mention',
      'parameters_key',
      'invalid_json',
    ]);
    expect(items[1]!.textContent).toContain(
      'forgiven parameters_key The model wrote "parameters" instead of "arguments"',
    );
    expect(items[2]!.textContent).toContain('flagged invalid_json');
    expect(within(items[0]!).getByLabelText('The text this note is about').textContent).toBe(
      'I use <tool_call> tags. <img src=x onerror=alert(1)>',
    );
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('renders nothing without notes', () => {
    const { container } = render(
      <EnglishRoot>
        <ParseNotes issues={[]} label="Parser notes" />
      </EnglishRoot>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('in Korean, leads each note with its kind in Korean and marks the parser’s sentence as English', async () => {
    const korean = await createI18n('ko');
    render(
      <I18nRoot i18n={korean}>
        <ParseNotes issues={message.parseIssues!} label="notes" />
      </I18nRoot>,
    );
    const items = within(screen.getByRole('list', { name: 'notes' })).getAllByRole('listitem');
    expect(items[1]!.textContent).toContain(ko.stops.issueKind.parameters_key);
    expect(items[1]!.querySelector('.parse-note-detail')?.getAttribute('lang')).toBe('en');
  });
});
