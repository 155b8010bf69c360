// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdvisorConfig } from '../../engine/advisors/config';
import { DEFAULT_ADVISOR_CONFIG } from '../../engine/advisors/config';
import { AdvisorLoopController } from '../../engine/advisors/controller';
import { checkAdvisorConfig } from '../../engine/advisors/setup';
import { DEFAULT_SETTINGS } from '../../engine/loop/events';
import { createPresetTools } from '../../engine/presets';
import { createScriptedRuntime } from '../../engine/model-port/scripted';
import { getScenario, toolsForScenario } from '../../engine/scenarios';
import { createFakeClock } from '../../engine/test-support';
import type { I18n } from '../../i18n';
import { createI18n, I18nRoot } from '../../i18n';
import { AdvisorsView } from './advisors-view';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('en');
});

const scenario = getScenario('seoul-time-math')!;

/** The chain as the workspace holds it: one value the controller reads at each request and the view edits. */
function createChain() {
  let config: AdvisorConfig = DEFAULT_ADVISOR_CONFIG;
  const listeners = new Set<() => void>();
  return {
    get: () => config,
    configure(next: AdvisorConfig) {
      const checked = checkAdvisorConfig(next);
      if (checked.ok) {
        config = next;
        for (const listener of listeners) listener();
      }
      return checked;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function Harness({ controller, chain }: { controller: AdvisorLoopController; chain: ReturnType<typeof createChain> }) {
  const events = useSyncExternalStore(
    (l) => controller.subscribe(l),
    () => controller.getEvents().length,
  );
  void events;
  const config = useSyncExternalStore(chain.subscribe, chain.get);
  return <AdvisorsView config={config} onConfigure={chain.configure} events={[...controller.getEvents()]} />;
}

function setup() {
  const clock = createFakeClock();
  const runtime = createScriptedRuntime({
    script: scenario.script,
    tokensPerSecond: 0,
    sleep: clock.sleep,
    now: clock.now,
  });
  const chain = createChain();
  const controller = new AdvisorLoopController({
    runtime: () => runtime,
    now: clock.now,
    newRunId: () => 'run',
    advisors: chain.get,
  });
  controller.startRun({
    system: scenario.system,
    tools: toolsForScenario(scenario, createPresetTools()),
    settings: DEFAULT_SETTINGS,
  });
  render(
    <I18nRoot i18n={i18n}>
      <Harness controller={controller} chain={chain} />
    </I18nRoot>,
  );
  return { controller, chain: chain.get };
}

afterEach(cleanup);

describe('AdvisorsView', () => {
  it('lanes show memory 1× and trace 3×; moving memory inside makes it 3× and it stores the tool calls', async () => {
    const { controller } = setup();
    await act(async () => {
      controller.send(scenario.user);
      await controller.runToEnd();
    });
    expect(within(screen.getByTestId('lane-outside')).getByTestId('advisor-count-memory').textContent).toBe('1×');
    expect(within(screen.getByTestId('lane-inside')).getByTestId('advisor-count-trace').textContent).toBe('3×');
    expect(screen.getByTestId('advisor-count-tool-calling').textContent).toBe('3×');

    const order = screen.getByLabelText('Order of Chat memory');
    fireEvent.change(order, { target: { value: 'HIGHEST_PRECEDENCE + 400' } });
    fireEvent.keyDown(order, { key: 'Enter' });
    expect(within(screen.getByTestId('lane-inside')).getByTestId('advisor-memory')).toBeTruthy();
    expect(screen.getByTestId('internal-history').textContent).toContain('off');

    await act(async () => {
      controller.send(scenario.user);
      await controller.runToEnd();
    });
    expect(screen.getByTestId('advisor-count-memory').textContent).toBe('3×');
    expect(screen.getByTestId('memory-stored').textContent).toContain(
      'assistant (tool calls: current_time call_4, calculate call_5)',
    );
    expect(screen.getByTestId('memory-stored').textContent).toContain('tool calculate (call_6)');
  }, 30_000);

  it('refuses a bad order beside the field and keeps the old one', async () => {
    const { chain } = setup();
    const order = screen.getByLabelText('Order of Logger');
    fireEvent.change(order, { target: { value: 'soon' } });
    fireEvent.keyDown(order, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('whole number');
    expect(chain().advisors.find((s) => s.kind === 'logger')!.order).toBe(0);
  });

  it('an order another advisor holds is a tie, and the view warns about it until it is resolved', () => {
    setup();
    expect(screen.queryByTestId('advisors-tie')).toBeNull();
    const order = screen.getByLabelText('Order of Logger');
    fireEvent.change(order, { target: { value: 'H+350' } });
    fireEvent.keyDown(order, { key: 'Enter' });
    const tie = screen.getByTestId('advisors-tie');
    expect(tie.textContent).toContain('Tool-call trace');
    expect(tie.textContent).toContain('Logger');
    expect(tie.textContent).toContain('H+350');
    fireEvent.change(order, { target: { value: 'H+360' } });
    fireEvent.keyDown(order, { key: 'Enter' });
    expect(screen.queryByTestId('advisors-tie')).toBeNull();
  });

  it('moving memory inside with its Move button makes no tie with the metrics advisor (H+400)', () => {
    const { chain } = setup();
    expect(screen.queryByTestId('advisors-tie')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move inside the loop: Chat memory' }));
    expect(within(screen.getByTestId('lane-inside')).getByTestId('advisor-memory')).toBeTruthy();
    const orders = chain().advisors.map((s) => s.order);
    expect(new Set(orders).size).toBe(orders.length);
    expect(screen.queryByTestId('advisors-tie')).toBeNull();
    expect((screen.getByLabelText('Order of Chat memory') as HTMLInputElement).value).toBe('H+390');
  });

  it('the Move button crosses the boundary, and the Mermaid text lists every model and tool call', async () => {
    const { controller } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Move outside the loop: Logger' }));
    expect(within(screen.getByTestId('lane-outside')).getByTestId('advisor-logger')).toBeTruthy();
    await act(async () => {
      controller.send(scenario.user);
      await controller.runToEnd();
    });
    expect(screen.getByTestId('advisor-count-logger').textContent).toBe('1×');
    fireEvent.click(screen.getByRole('button', { name: 'Show Mermaid' }));
    const text = (screen.getByTestId('mermaid-text') as HTMLTextAreaElement).value;
    for (const round of [1, 2, 3]) expect(text).toContain(`model call ${round} (`);
    for (const id of ['call_1', 'call_2', 'call_3']) expect(text).toContain(`tool call ${id}`);
    expect(screen.getByRole('img', { name: /Sequence diagram/ })).toBeTruthy();
    expect(screen.getByTestId('advisor-metrics-rounds').textContent).toBe('3');
  }, 30_000);

  it('the output schema is checked as it is typed; a valid one applies and the run shows the retries', async () => {
    const { controller, chain } = setup();
    const validation = () => chain().advisors.find((s) => s.kind === 'validation')!;
    const field = screen.getByLabelText('Output schema of Structured-output validation');
    fireEvent.change(field, { target: { value: '{"type": "object",' } });
    expect(screen.getByTestId('validation-schema-error').textContent).toContain('Not valid JSON');
    fireEvent.change(field, { target: { value: '{"type": "object", "properties": {"answer": {"type": "numbr"}}}' } });
    expect(screen.getByTestId('validation-schema-error').textContent).toContain('Not a valid JSON Schema');
    expect(validation().outputSchema).toEqual({
      type: 'object',
      properties: { answer: { type: 'string' } },
      required: ['answer'],
    });

    const schema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
    fireEvent.change(field, { target: { value: JSON.stringify(schema) } });
    expect(screen.queryByTestId('validation-schema-error')).toBeNull();
    expect(validation().outputSchema).toEqual(schema);
    fireEvent.change(screen.getByLabelText('Retries of Structured-output validation'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('Structured-output validation'));
    expect(validation()).toMatchObject({ enabled: true, maxRepeatAttempts: 1 });

    await act(async () => {
      controller.send(scenario.user);
      await controller.runToEnd();
    });
    // Two tool rounds, then the prose answer: 1 + 1 retry.
    expect(screen.getByTestId('advisors-model-calls').textContent).toBe('4 model calls');
    expect(JSON.parse(screen.getByTestId('validation-ran-schema').textContent!)).toEqual(schema);
    const attempts = screen.getByTestId('validation-attempts').textContent!;
    expect(attempts).toContain('attempt 2: invalid');
    expect(attempts).toContain(
      'appended to the user message for the retry: Output JSON validation failed because of: ',
    );
  }, 30_000);
});

describe('AdvisorsView: the comparison belongs to its run (issue 29, item 6)', () => {
  function renderFor({ controller, chain }: ReturnType<typeof setup>, runKey: string) {
    return (
      <I18nRoot i18n={i18n}>
        <AdvisorsView
          config={chain()}
          onConfigure={checkAdvisorConfig}
          events={[...controller.getEvents()]}
          comparisonSource={() => ({ error: { code: 'quoted', values: { text: 'no scenario to compare' } } })}
          runKey={runKey}
        />
      </I18nRoot>
    );
  }

  it('a comparison stays while the run is the same, and is gone for a new run or another scenario', () => {
    const harness = setup();
    cleanup();
    const { rerender } = render(renderFor(harness, 'seoul-time-math:run-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Compare memory outside vs inside' }));
    expect(screen.getByTestId('compare-columns').textContent).toContain('no scenario to compare');
    rerender(renderFor(harness, 'seoul-time-math:run-1'));
    expect(screen.getByTestId('compare-columns')).toBeTruthy();
    // New run: the comparison described the run before it.
    rerender(renderFor(harness, 'seoul-time-math:none'));
    expect(screen.queryByTestId('compare-columns')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Compare manual vs advisor-controlled' }));
    expect(screen.getByTestId('compare-columns')).toBeTruthy();
    // Another scenario.
    rerender(renderFor(harness, 'reserve-and-todo:none'));
    expect(screen.queryByTestId('compare-columns')).toBeNull();
  });
});
