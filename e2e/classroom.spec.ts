// "Ready for a classroom" (issue 21) and dangling tool calls (issue 20, item 5): decisions you can see at the pause,
// the edited call in the history, the scripted-replay warning, the first minute, the presenter view, keyboard
// paths, and `npm start` serving a build that reloads offline.
import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { button, callCard, openAtPause, openScenario } from './helpers';

/** Terminal colour codes, around Vite's URL line. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const EDITED = '{"operation": "multiply", "a": 128, "b": 8}';

async function pauseAtTurn1(page: Page) {
  await openAtPause(page, 'seoul-time-math');
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
}

async function editCall2(page: Page, rewrite: boolean) {
  const card = callCard(page, 'call_2');
  await button(card, 'Edit arguments').click();
  await card.getByLabel('Arguments for call_2').fill(EDITED);
  if (rewrite) await card.getByLabel(/^Also rewrite the call in the history/).check();
  await button(card, 'Save and approve').click();
}

test('each of the four decisions shows on its card before Step, and can be changed until Step', async ({ page }) => {
  await pauseAtTurn1(page);
  const one = callCard(page, 'call_1');
  const two = callCard(page, 'call_2');
  // Which call the A key approves next.
  await expect(page.getByTestId('next-call_1')).toContainText('approves this call next');
  await expect(page.getByTestId('next-call_2')).toHaveCount(0);

  await button(one, 'Approve').click();
  await expect(page.getByTestId('decision-call_1')).toContainText('Decided: approved');
  // Focus moves to the next undecided call, which the A key now approves.
  await expect(page.locator('[data-call-approve="call_2"]')).toBeFocused();
  await expect(page.getByTestId('next-call_2')).toBeVisible();

  // Changed while the other call waits: denied, with the reason the model receives.
  await button(one, 'Deny').click();
  await one.getByLabel('Reason for denying call_1').fill('not the time');
  await button(one, 'Send denial').click();
  await expect(page.getByTestId('decision-call_1')).toContainText('Decided: denied');
  await expect(page.getByTestId('decision-call_1')).toContainText('not the time');

  await editCall2(page, false);
  const edited = page.getByTestId('decision-call_2');
  await expect(edited).toContainText('Decided: edited arguments');
  await expect(edited.getByRole('list', { name: 'Changed arguments' })).toHaveText('b: 7 → 8');
  await expect(page.getByTestId('model-sees-call_2')).toContainText('its original call in the history');
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: execute');

  // Still before Step: call_2 becomes a result written by hand.
  await button(two, 'Write result').click();
  await two.getByLabel('Result for call_2').fill('1000');
  await button(two, 'Send result').click();
  await expect(page.getByTestId('decision-call_2')).toContainText('Decided: written by hand');
  await expect(page.getByTestId('decision-call_2')).toContainText('1000');
  await expect(page.getByTestId('decision-call_1')).toContainText('Decided: denied');

  // Stop is only for what is in flight: nothing runs at this pause.
  await expect(button(page, 'Stop')).toBeDisabled();
  await button(page, 'Step').click();
  await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
  // Once the batch ran the decisions are final: the cards offer nothing more.
  await expect(page.getByTestId('decision-call_1')).toHaveCount(0);
  await expect(button(one, 'Approve')).toHaveCount(0);
});

test('Approve all keeps the focus in the loop (on Step), never on New run', async ({ page }) => {
  await pauseAtTurn1(page);
  await button(page, 'Approve all').click();
  await expect(page.locator('#loop-step')).toBeFocused();
  await expect(page.getByTestId('decision-call_2')).toContainText('Decided: approved');
});

for (const rewrite of [false, true]) {
  test(`an edited call ${rewrite ? 'rewritten in' : 'kept as written in'} the history: what the next prompt holds`, async ({
    page,
  }) => {
    await pauseAtTurn1(page);
    await button(callCard(page, 'call_1'), 'Approve').click();
    await editCall2(page, rewrite);
    await expect(page.getByTestId('model-sees-call_2')).toContainText(
      rewrite ? 'the edited call as its own' : 'its original call in the history',
    );
    await button(page, 'Step').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    await page.getByRole('tab', { name: 'Request' }).click();
    const next = page.getByTestId('next-request-json');
    // The assistant message of turn 1 as the next request carries it; the tool result is the edited run's either way.
    await expect(next).toContainText('1024');
    const b7 = /\\"b\\": ?7/;
    const b8 = /\\"b\\": ?8/;
    await expect(next).toContainText(rewrite ? b8 : b7);
    await expect(next).not.toContainText(rewrite ? b7 : b8);
    // The model's next turn follows the edited result: 1024 − 19.
    await button(page, 'Step').click();
    await expect(page.getByTestId('assistant-2')).toContainText('1024');
  });
}

test('the scripted replay warns next to Send when the message differs from the scenario’s', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  await expect(page.getByTestId('scripted-warning')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'User message' }).fill('What time is it in Tokyo?');
  await expect(page.getByTestId('scripted-warning')).toContainText(
    'Scripted replay plays the recorded turns of this scenario; your changed message will not change them.',
  );
  await page.getByLabel('Runtime', { exact: true }).selectOption({ label: 'You are the model' });
  await expect(page.getByTestId('scripted-warning')).toHaveCount(0);
});

test.describe('Send after a run stopped at an approval (issue 20, item 5)', () => {
  async function stoppedAtPause(page: Page) {
    await openScenario(page, 'seoul-time-math');
    await page.getByLabel('Pause before executing tools').check();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
    // "Run to end" is driving (it waits at the pause): Stop is enabled.
    await button(page, 'Stop').click();
    await expect(page.getByTestId('run-finished')).toBeVisible();
    await expect(page.getByTestId('dangling')).toContainText('call_1, call_2');
    await page.getByRole('textbox', { name: 'User message' }).fill('Only the time, please.');
  }

  test('a plain Send is refused with the API rule; “not executed” closes the calls, then the message', async ({
    page,
  }) => {
    await stoppedAtPause(page);
    await button(page, 'Send').click();
    await expect(page.getByTestId('loop-notice')).toContainText('must be followed by tool messages');
    await button(page, 'Answer them “not executed” and send').click();
    await expect(page.getByTestId('dangling')).toHaveCount(0);
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    await page.getByRole('tab', { name: 'Request' }).click();
    const messages = await page.getByTestId('next-request-json').textContent();
    const roles = (JSON.parse(messages ?? '{}') as { messages: { role: string }[] }).messages.map((m) => m.role);
    expect(roles.slice(-4)).toEqual(['assistant', 'tool', 'tool', 'user']);
    await expect(page.getByTestId('next-request-json')).toContainText('Not executed');
  });

  test('“decide them now”: the calls wait at the pause again, and the message follows once they ran', async ({
    page,
  }) => {
    await stoppedAtPause(page);
    await button(page, 'Decide them now (your message follows)').click();
    await expect(page.getByTestId('reopened-note')).toContainText('Only the time, please.');
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: approve');
    await button(callCard(page, 'call_1'), 'Approve').click();
    await button(callCard(page, 'call_2'), 'Deny').click();
    await button(callCard(page, 'call_2'), 'Send denial').click();
    await button(page, 'Step').click();
    await expect(page.getByTestId('phase-caption')).toContainText('Phase: prompt');
    await page.getByRole('tab', { name: 'Request' }).click();
    const text = await page.getByTestId('next-request-json').textContent();
    const roles = (JSON.parse(text ?? '{}') as { messages: { role: string }[] }).messages.map((m) => m.role);
    expect(roles.slice(-4)).toEqual(['assistant', 'tool', 'tool', 'user']);
  });
});

test('the first minute: a banner per scenario that hides, and a “what this is” card without one', async ({ page }) => {
  await openScenario(page, 'tool-error');
  const banner = page.getByTestId('scenario-banner');
  await expect(banner).toContainText('Tool errors and invalid arguments');
  await expect(banner).toContainText('Try:');
  await button(banner, 'Hide').click();
  await expect(banner).toHaveCount(0);
  // Remembered in this browser: still hidden after a reload (`?scenario=` is consumed on load: pick it again).
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const picker = page.getByLabel('Scenario', { exact: true });
  await picker.selectOption('tool-error');
  await expect(page.getByTestId('scenario-banner')).toHaveCount(0);
  await picker.selectOption('return-direct');
  await expect(page.getByTestId('scenario-banner')).toContainText('returnDirect');
  await picker.selectOption('');
  const card = page.getByTestId('intro-card');
  await expect(card.getByRole('heading', { name: 'What this is' })).toBeVisible();
  await button(card, 'Open “Time in Seoul and a calculation”').click();
  await expect(page.getByTestId('scenario-banner')).toContainText('Time in Seoul and a calculation');
});

test('the presenter view toggles with F and with ?present', async ({ page }) => {
  await openScenario(page, 'seoul-time-math');
  const app = page.locator('.app');
  await expect(app).not.toHaveAttribute('data-presenter', 'true');
  await page.locator('body').press('f');
  await expect(app).toHaveAttribute('data-presenter', 'true');
  expect(page.url()).toContain('present');
  await expect(page.locator('.tools-panel')).toBeHidden();
  await expect(button(page, 'Presenter view')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('body').press('f');
  await expect(app).not.toHaveAttribute('data-presenter', 'true');
  await openScenario(page, 'seoul-time-math', '&present');
  await expect(app).toHaveAttribute('data-presenter', 'true');
});

test('keyboard: the skip link reaches the loop controls; the Inspector tabs are one tab stop with arrows', async ({
  page,
}) => {
  await openScenario(page, 'seoul-time-math');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the loop controls' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('toolbar', { name: 'Debugger controls' })).toBeFocused();

  const turns = page.getByRole('tab', { name: 'Turns' });
  await turns.focus();
  await expect(page.getByRole('tab', { name: 'Request' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Request' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Request' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  // End selects the last tab, whichever features the Inspector holds.
  await expect(page.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(turns).toBeFocused();
});

test.describe('npm start', () => {
  test.use({ serviceWorkers: 'allow' });
  // It builds the app (about a minute on a busy machine) and serves it, as a user's first command does.
  test.describe.configure({ timeout: 360_000 });

  test('serves the build; after one visit it reloads and runs offline', async ({ page, context }) => {
    // Beside the suite's own server (E2E_PORT), clear of the dev server's 5173.
    const port = Number(process.env.E2E_PORT ?? 4173) + 2000;
    const server = spawn('npm', ['start', '--', '--port', String(port), '--out-dir', `dist-e2e-${port}`], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${out}`)), 300_000);
        const read = (chunk: Buffer) => {
          out += chunk.toString();
          // npm start's one line, once the preview listens.
          const match = /Tool Loop Playground: (http:\/\/\S+)/.exec(out.replace(ANSI, ''));
          if (match) {
            clearTimeout(timer);
            output = out;
            resolve(match[1]!);
          }
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
        server.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
      });
      // One URL, the origin it serves (issue 29, item 11).
      expect(url).toBe(`http://127.0.0.1:${port}/`);
      // One address to open (a build warning may cite a docs page; no second local origin).
      expect(output.replace(ANSI, '').match(/https?:\/\/(127\.0\.0\.1|localhost|\[::1\])/g)).toHaveLength(1);
      // A second npm start of the same checkout says where the first serves and how to stop it, in one line.
      const second = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const again = spawn('npm', ['start', '--', '--port', String(port + 1), '--out-dir', `dist-e2e-${port}`], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NO_COLOR: '1' },
        });
        let out = '';
        again.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        again.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        again.on('exit', (code) => resolve({ code, out }));
      });
      expect(second.code).toBe(1);
      const said = second.out.split('\n').filter((line) => line.includes('already serving'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(`already serving ${url} (process `);
      expect(said[0]).toMatch(/`kill \d+`/);
      await page.goto(`${url}?scenario=seoul-time-math&speed=instant`);
      await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
      await expect(page.getByTestId('shell-status')).toHaveAttribute('data-shell', 'ready', { timeout: 60_000 });
      await context.setOffline(true);
      await page.reload();
      await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
      await button(page, 'Run to end').click();
      await expect(page.getByTestId('run-end')).toContainText('final answer');
      await context.setOffline(false);
    } finally {
      // npm start may have exited already (its error is the one to see, not this kill's ESRCH).
      try {
        if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Nothing left to stop.
      }
    }
  });
});
