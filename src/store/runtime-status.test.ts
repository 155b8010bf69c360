// @vitest-environment jsdom
// The selected runtime's readiness in the store: it follows the selection and the provider (the scripted replay's
// script), and a provider's change that does not change the status sets nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, createTestPlayground } from './test-playground';

beforeEach(clearStorage);
afterEach(clearStorage);

describe('runtime readiness in the store', () => {
  it('follows the selected runtime and its provider', async () => {
    const { playground } = createTestPlayground({ search: '?scenario=seoul-time-math' });
    const { actions, store, runtimes } = playground;
    await actions.init();
    expect(store.getState().runtime).toMatchObject({ kind: 'scripted', ok: true, text: 'ready' });

    actions.setRuntime('webllm');
    expect(store.getState().runtime).toMatchObject({
      kind: 'webllm',
      ok: false,
      text: 'no model loaded — load one in the Model panel',
      line: { ns: 'webllm', key: 'readiness.none' },
    });

    actions.setRuntime('scripted');
    expect(store.getState().runtime.ok).toBe(true);
    // The provider changes under the same selection: a scenario without a script.
    runtimes.scripted.setScript(null);
    expect(store.getState().runtime).toMatchObject({ kind: 'scripted', ok: false });
    expect(store.getState().runtime.text).toContain('no script');

    // The same status again sets nothing: the views reading it do not re-render.
    const before = store.getState().runtime;
    runtimes.scripted.setScript(null);
    expect(store.getState().runtime).toBe(before);
  });
});
