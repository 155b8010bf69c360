import { describe, expect, it } from 'vitest';
import { timerSchedule, timerSleep } from './timers';

describe('the page timers', () => {
  it('timerSleep resolves on time or at once on abort', async () => {
    const controller = new AbortController();
    const pending = timerSleep(60_000, controller.signal);
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
    await expect(timerSleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('timerSchedule runs the task after the current one', async () => {
    const order: string[] = [];
    const ran = new Promise<void>((resolve) =>
      timerSchedule(() => {
        order.push('task');
        resolve();
      }),
    );
    order.push('current');
    await ran;
    expect(order).toEqual(['current', 'task']);
  });
});
