/**
 * The endpoint runtime's state (a small zustand store): the settings (saved in this browser), the connection
 * check and its classified failure, the ChatRuntime built on the settings, the last request the loop made and
 * the protocol-compare run of that request in both modes. Every failure ends in a state that says what
 * happened; every control works again afterwards.
 */
import { createStore } from 'zustand/vanilla';
import type {
  ChatRuntime,
  InterpretedResponse,
  ModelRequest,
  ModelResponse,
  Result,
  ToolDefinition,
} from '../../engine';
import { err, interpretResponse, jsonSchemaValidator, ok, parseArguments, RuntimeFailure } from '../../engine';
import type { EndpointProblem } from './connection';
import { listModels, normalizeBaseUrl } from './connection';
import { callEndpoint, createEndpointRuntime } from './endpoint-runtime';
import type { EndpointSettings, KeyValueStorage } from './endpoint-settings';
import { loadSettings, resolveCallConfig, resolveServer, saveSettings } from './endpoint-settings';
import type { ProtocolMode } from './request-body';
import { constraintSupport } from './request-body';
import type { ServerKind } from './server-kinds';

export type ConnectionState =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'checking'; readonly url: string }
  | {
      readonly kind: 'ok';
      readonly url: string;
      readonly models: readonly string[];
      readonly detected: ServerKind | null;
      readonly elapsedMs: number;
    }
  | { readonly kind: 'error'; readonly url: string; readonly problem: EndpointProblem };

/** One call of the compare view, checked the way the harness would: arguments parsed and validated. */
export interface CallCheck {
  readonly id: string;
  readonly name: string;
  readonly argumentsText: string;
  readonly verdict: Result<void, string>;
}

export type CompareSide =
  | { readonly status: 'waiting' | 'running' }
  | {
      readonly status: 'done';
      readonly response: ModelResponse;
      readonly interpreted: InterpretedResponse;
      readonly checks: readonly CallCheck[];
      /** The constraint the app-protocol side really used, when it differs from the panel's. */
      readonly note?: string;
    }
  | { readonly status: 'error'; readonly message: string };

export type CompareState =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'running' | 'done';
      readonly request: ModelRequest;
      readonly sides: Readonly<Record<ProtocolMode, CompareSide>>;
    };

export interface EndpointState {
  readonly settings: EndpointSettings;
  readonly apiKey: string;
  readonly connection: ConnectionState;
  /** The runtime to call, or null with the reason. */
  readonly runtime: ChatRuntime | null;
  readonly reason: string;
  /** The last request the loop sent through this runtime: what the compare view replays. */
  readonly lastRequest: ModelRequest | null;
  readonly compare: CompareState;
}

export interface EndpointActions {
  update(patch: Partial<EndpointSettings>): void;
  setApiKey(key: string): void;
  /** `GET /models`: lists the models and detects the server, or says why it failed. */
  check(): Promise<void>;
  /** Runs the last request in both modes, one after the other. */
  compare(): Promise<void>;
  cancelCompare(): void;
}

export interface EndpointStoreDeps {
  readonly storage: KeyValueStorage | null;
  readonly pageOrigin: string;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
}

const COMPARE_ORDER: readonly ProtocolMode[] = ['server-tools', 'app-protocol'];

export function createEndpointStore(deps: EndpointStoreDeps) {
  const initial = loadSettings(deps.storage);
  const callDeps = { now: deps.now, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
  const detectedOf = (c: ConnectionState) => (c.kind === 'ok' ? c.detected : null);
  const configFor = (state: Pick<EndpointState, 'settings' | 'apiKey' | 'connection'>) =>
    resolveCallConfig(state.settings, state.apiKey, detectedOf(state.connection), deps.pageOrigin);

  const store = createStore<EndpointState>(() => ({
    settings: initial.settings,
    apiKey: initial.apiKey,
    connection: { kind: 'unchecked' },
    runtime: null,
    reason: '',
    lastRequest: null,
    compare: { kind: 'idle' },
  }));
  let runtimeKey = '';
  let comparing: AbortController | null = null;

  /** Rebuilds the runtime when what its label names changes; keeps it (same object) otherwise. */
  const refreshRuntime = () => {
    const state = store.getState();
    const config = configFor(state);
    if (!config.ok) {
      runtimeKey = '';
      store.setState({ runtime: null, reason: config.error });
      return;
    }
    const key = `${config.value.access.baseUrl}|${config.value.model}`;
    if (key === runtimeKey && state.runtime) return;
    runtimeKey = key;
    const runtime = createEndpointRuntime(
      config.value.model,
      () => configFor(store.getState()),
      callDeps,
      (request) => store.setState({ lastRequest: request }),
    );
    store.setState({ runtime, reason: '' });
  };

  const actions: EndpointActions = {
    update(patch) {
      store.setState((s) => ({ settings: { ...s.settings, ...patch } }));
      const s = store.getState();
      saveSettings(deps.storage, s.settings, s.apiKey);
      if (patch.baseUrl !== undefined) store.setState({ connection: { kind: 'unchecked' } });
      refreshRuntime();
    },
    setApiKey(key) {
      store.setState({ apiKey: key });
      saveSettings(deps.storage, store.getState().settings, key);
      refreshRuntime();
    },
    async check() {
      const { settings, apiKey } = store.getState();
      const base = normalizeBaseUrl(settings.baseUrl);
      if (!base.ok) {
        store.setState({ connection: { kind: 'error', url: settings.baseUrl, problem: base.error } });
        refreshRuntime();
        return;
      }
      const url = base.value;
      store.setState({ connection: { kind: 'checking', url } });
      const listed = await listModels(
        { baseUrl: url, apiKey, timeoutS: Math.min(settings.timeoutS, 15) },
        deps.pageOrigin,
        deps.now,
        deps.fetch,
      );
      // A newer check (or a new URL) superseded this one.
      const current = store.getState().connection;
      if (current.kind !== 'checking' || current.url !== url) return;
      if (!listed.ok) {
        store.setState({ connection: { kind: 'error', url, problem: listed.error } });
      } else {
        store.setState({ connection: { kind: 'ok', url, ...listed.value } });
        // No model chosen yet, or one the server does not have: take the first listed.
        const { model } = store.getState().settings;
        const first = listed.value.models[0];
        if (first !== undefined && (model === '' || !listed.value.models.includes(model)))
          actions.update({ model: first });
      }
      refreshRuntime();
    },
    async compare() {
      const state = store.getState();
      const request = state.lastRequest;
      if (!request) return;
      comparing?.abort();
      const controller = new AbortController();
      comparing = controller;
      const sides: Record<ProtocolMode, CompareSide> = {
        'server-tools': { status: 'waiting' },
        'app-protocol': { status: 'waiting' },
      };
      // A newer compare (Run again) supersedes this one: it stops publishing.
      const publish = (kind: 'running' | 'done') => {
        if (comparing === controller) store.setState({ compare: { kind, request, sides: { ...sides } } });
      };
      publish('running');
      for (const mode of COMPARE_ORDER) {
        if (controller.signal.aborted) break;
        sides[mode] = { status: 'running' };
        publish('running');
        sides[mode] = await compareSide(mode, request, store.getState(), controller.signal);
        publish('running');
      }
      publish('done');
      if (comparing === controller) comparing = null;
    },
    cancelCompare() {
      comparing?.abort();
    },
  };

  async function compareSide(
    mode: ProtocolMode,
    request: ModelRequest,
    state: EndpointState,
    signal: AbortSignal,
  ): Promise<CompareSide> {
    const settings = { ...state.settings, mode };
    let note: string | undefined;
    if (mode === 'app-protocol') {
      const config = configFor({ ...state, settings: { ...settings, constraint: 'none' } });
      if (config.ok) {
        const support = constraintSupport(state.settings.constraint, config.value.format, config.value.server);
        if (support.ok) settings.constraint = state.settings.constraint;
        else note = `Run without a constraint: ${support.error}`;
      }
    }
    const config = configFor({ ...state, settings });
    if (!config.ok) return { status: 'error', message: config.error };
    try {
      const response = await callEndpoint(request, config.value, { signal, onDelta: () => undefined }, callDeps);
      let n = 0;
      const interpreted = interpretResponse(response, () => `call_${++n}`);
      const checks = interpreted.message.toolCalls.map((c) => ({
        id: c.id,
        name: c.name,
        argumentsText: c.argumentsText,
        verdict: checkCall(c, request.tools),
      }));
      return { status: 'done', response, interpreted, checks, ...(note ? { note } : {}) };
    } catch (error) {
      const message = error instanceof RuntimeFailure || error instanceof Error ? error.message : String(error);
      return { status: 'error', message };
    }
  }

  refreshRuntime();
  return {
    store,
    actions,
    resolveServer: () => resolveServer(store.getState().settings, detectedOf(store.getState().connection)),
  };
}

/** A call checked the way the harness checks it before running: a parsed block, a known tool, valid arguments. */
export function checkCall(
  call: { readonly name: string; readonly argumentsText: string; readonly parseError?: string },
  tools: readonly ToolDefinition[],
): Result<void, string> {
  if (call.parseError !== undefined) return err(`not a call: ${call.parseError}`);
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return err(`unknown tool “${call.name}”`);
  const args = parseArguments(call.argumentsText);
  if (!args.ok) return err(`arguments are not JSON (${args.error})`);
  const validator = jsonSchemaValidator(tool.inputSchema);
  if (!validator.ok) return err(validator.error);
  const valid = validator.value(args.value);
  return valid.ok ? ok() : err(`arguments fail the schema: ${valid.error.join('; ')}`);
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** One endpoint runtime's store: its settings, connection, runtime and comparison, and their actions. */
export type EndpointStore = ReturnType<typeof createEndpointStore>;

/** The page's endpoint store (the runtime registry makes one): settings in localStorage, the page's origin. */
export function createPageEndpointStore(now: () => number): EndpointStore {
  return createEndpointStore({
    storage: browserStorage(),
    pageOrigin: typeof location === 'undefined' ? 'http://127.0.0.1' : location.origin,
    now,
  });
}
