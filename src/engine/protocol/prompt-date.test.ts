import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../loop/events';
import { LoopController } from '../loop/controller';
import type { ChatRuntime, ModelRequest } from '../runtime';
import { createFakeClock, FAKE_EPOCH } from '../test-support';
import { llama32Format, promptText } from './formats';
import { isIsoDate, localIsoDate, templateDate } from './prompt-date';

describe('the date a prompt prints', () => {
  it('writes dates as strftime("%d %b %Y") does, and refuses what is not a date', () => {
    expect(templateDate('2026-12-02')).toBe('02 Dec 2026');
    expect(templateDate('2024-07-26')).toBe('26 Jul 2024');
    expect(templateDate('2026-02-31')).toBeNull();
    expect(templateDate('2 Dec 2026')).toBeNull();
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
  });

  it("the run's date is the local calendar day of its start", () => {
    const at = new Date(2026, 0, 5, 23, 59).getTime();
    expect(localIsoDate(at)).toBe('2026-01-05');
  });

  it('every request of a run carries the day the run started, or the date the learner set', async () => {
    const clock = createFakeClock();
    const requests: ModelRequest[] = [];
    const runtime: ChatRuntime = {
      kind: 'scripted',
      label: 'records requests',
      generate: async (request) => {
        requests.push(request);
        return { raw: 'Hello.', finishReason: 'stop' };
      },
    };
    const controller = new LoopController({ runtime: () => runtime, now: clock.now, newRunId: () => 'run' });
    controller.startRun({ system: 'Be brief.', tools: [], settings: DEFAULT_SETTINGS });
    clock.advance(3 * 24 * 3600 * 1000); // a later round, days later, still prints the run's date
    controller.send('Hi');
    await controller.step();
    expect(requests[0]!.promptDate).toBe(localIsoDate(FAKE_EPOCH));
    expect(templateDate(requests[0]!.promptDate!)).toBe('02 Dec 2026');
    controller.updateSettings({ ...DEFAULT_SETTINGS, promptDate: '2025-05-01' });
    controller.send('Again');
    await controller.step();
    expect(requests[1]!.promptDate).toBe('2025-05-01');
    // Through the Llama format, that is the "Today Date" line the model reads.
    const prompt = promptText(
      llama32Format.renderPrompt([{ role: 'user', content: 'Hi' }], [], {
        dateString: templateDate(requests[1]!.promptDate!)!,
      }),
    );
    expect(prompt).toContain('Today Date: 01 May 2025\n');
  });
});
