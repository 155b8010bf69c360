/**
 * The MCP servers of the workspace (the `mcp` slice): the servers the person connected, each session's state and
 * JSON-RPC log, the calls in flight with their progress, and each server's tools offered to the catalog as a group
 * of its own (`sources`), exposable per request like any other tool. A call to one of them is a `tools/call` on the
 * live session (src/mcp/).
 *
 * The servers are remembered in this browser (a setting: URL, bearer token, time limit and the last tool list), so a
 * reload lists their tools at once — the workspace's exposure of them stays valid — and reconnects in the
 * background. The token never goes into a run, an export or the log.
 */
import type { Result, ToolResult } from '../engine';
import { err, ok, ToolFailure } from '../engine';
import type {
  JsonRpcLogEntry,
  McpProblem,
  McpProgressNote,
  McpSession,
  McpToolInfo,
  RefusedTool,
  ServerIdentity,
} from '../mcp';
import { callEndToResult, connectMcp, problemForModel, toEngineTool } from '../mcp';
import type { ToolSource } from './catalog';
import type { Slice } from './slice';

export type { JsonRpcLogEntry, McpBlock, McpCallRecord, McpProblem, McpToolInfo, RefusedTool } from '../mcp';
export { callRecordOf, corsHeadersFor } from '../mcp';

export type McpStatus = 'connecting' | 'connected' | 'failed' | 'disconnected';

export interface McpServerView {
  readonly id: string;
  readonly url: string;
  readonly hasToken: boolean;
  /** The time limit of one call, in milliseconds. */
  readonly timeoutMs: number;
  readonly status: McpStatus;
  /** Why the last connection failed or was lost. */
  readonly problem: McpProblem | null;
  /** Who answered last (kept across reloads). */
  readonly identity: ServerIdentity | null;
  /** The last tools listed (kept across reloads, so exposed tools stay in the workspace). */
  readonly tools: readonly McpToolInfo[];
  readonly refused: readonly RefusedTool[];
  readonly pages: number;
  readonly listedAt: number | null;
}

export interface McpLog {
  readonly entries: readonly JsonRpcLogEntry[];
  readonly dropped: number;
}

/** A `tools/call` in flight, by the loop's call id: the call card shows its progress. */
export interface McpCallInFlight {
  readonly serverId: string;
  readonly server: string;
  readonly tool: string;
  readonly startedAt: number;
  readonly progress: McpProgressNote | null;
}

export interface McpState {
  readonly servers: readonly McpServerView[];
  readonly logs: Readonly<Record<string, McpLog>>;
  readonly calls: Readonly<Record<string, McpCallInFlight>>;
}

export const INITIAL_MCP: McpState = { servers: [], logs: {}, calls: {} };

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const MIN_MCP_TIMEOUT_MS = 100;
export const MAX_MCP_TIMEOUT_MS = 600_000;
const SETTING = 'mcp-servers';

export interface McpDeps {
  readonly loadSetting: (key: string) => Promise<unknown>;
  readonly saveSetting: (key: string, value: unknown) => Promise<void>;
  readonly now: () => number;
  /** This page's origin (for the CORS message); the browser's by default. */
  readonly pageOrigin?: string;
  readonly fetch?: typeof fetch;
}

interface SavedServer {
  readonly id: string;
  readonly url: string;
  readonly token: string;
  readonly timeoutMs: number;
  readonly identity: ServerIdentity | null;
  readonly tools: readonly McpToolInfo[];
  readonly refused: readonly RefusedTool[];
}

/** The group label of a server's tools in the Tools panel. */
export function serverLabel(server: Pick<McpServerView, 'identity' | 'url'>): string {
  return server.identity?.title ?? server.identity?.name ?? hostOf(server.url);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function clampTimeout(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_MCP_TIMEOUT_MS;
  return Math.min(MAX_MCP_TIMEOUT_MS, Math.max(MIN_MCP_TIMEOUT_MS, Math.round(ms)));
}

export type McpActions = ReturnType<typeof createMcpServers>;

export function createMcpServers(slice: Slice<McpState>, deps: McpDeps) {
  const { get, set } = slice;
  const sessions = new Map<string, McpSession>();
  const tokens = new Map<string, string>();
  /** The connection attempt each server's callbacks belong to: a later one makes earlier ones stale. */
  const generations = new Map<string, number>();
  let counter = 0;
  const pageOrigin = deps.pageOrigin ?? globalThis.location?.origin ?? 'http://localhost';

  const serverOf = (id: string) => get().servers.find((s) => s.id === id);
  function patchServer(id: string, change: Partial<McpServerView>): void {
    set({ servers: get().servers.map((s) => (s.id === id ? { ...s, ...change } : s)) });
  }

  async function persist(): Promise<void> {
    const saved: SavedServer[] = get().servers.map((s) => ({
      id: s.id,
      url: s.url,
      token: tokens.get(s.id) ?? '',
      timeoutMs: s.timeoutMs,
      identity: s.identity,
      tools: s.tools,
      refused: s.refused,
    }));
    try {
      await deps.saveSetting(SETTING, saved);
    } catch {
      // Remembering the servers is a convenience; the live sessions work without it.
    }
  }

  /** Connects (or reconnects) a server entry; its status and tools follow. */
  async function open(id: string): Promise<Result<ServerIdentity, McpProblem>> {
    const server = serverOf(id);
    if (!server) return err({ kind: 'not-connected', reason: 'That server was removed.' });
    const generation = (generations.get(id) ?? 0) + 1;
    generations.set(id, generation);
    const current = () => generations.get(id) === generation;
    await sessions.get(id)?.close();
    sessions.delete(id);
    patchServer(id, { status: 'connecting', problem: null });
    set({ logs: { ...get().logs, [id]: { entries: [], dropped: 0 } } });
    const connected = await connectMcp({
      url: server.url,
      token: tokens.get(id) ?? '',
      pageOrigin,
      now: deps.now,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      onLog: (entries, dropped) => {
        if (current()) set({ logs: { ...get().logs, [id]: { entries, dropped } } });
      },
      onToolsChanged: (listing) => {
        if (!current()) return;
        if (listing.ok) {
          patchServer(id, {
            tools: listing.value.tools,
            refused: listing.value.refused,
            pages: listing.value.pages,
            listedAt: deps.now(),
          });
          void persist();
        } else patchServer(id, { problem: listing.error });
      },
      onLost: (problem) => {
        if (!current()) return;
        sessions.delete(id);
        patchServer(id, { status: 'failed', problem });
      },
    });
    if (!current()) {
      if (connected.ok) void connected.value.close();
      return err({ kind: 'not-connected', reason: 'A newer connection replaced this one.' });
    }
    if (!connected.ok) {
      patchServer(id, { status: 'failed', problem: connected.error });
      return connected;
    }
    const session = connected.value;
    sessions.set(id, session);
    patchServer(id, {
      status: 'connected',
      problem: null,
      identity: session.identity,
      tools: session.listing.tools,
      refused: session.listing.refused,
      pages: session.listing.pages,
      listedAt: deps.now(),
    });
    void persist();
    return ok(session.identity);
  }

  /** One call of a server's tool: a `tools/call` on the live session, its progress shown on the call card. */
  async function callTool(id: string, info: McpToolInfo, args: unknown, callId: string, signal: AbortSignal) {
    const server = serverOf(id);
    const label = server ? serverLabel(server) : id;
    const session = sessions.get(id);
    if (!server || !session) {
      const reason = server?.problem
        ? `the last connection failed (${server.problem.kind}); reconnect it in the Tools panel.`
        : 'connect it in the Tools panel first.';
      throw new ToolFailure(problemForModel({ kind: 'not-connected', reason }, label), {});
    }
    set({
      calls: {
        ...get().calls,
        [callId]: { serverId: id, server: label, tool: info.name, startedAt: deps.now(), progress: null },
      },
    });
    try {
      const end = await session.callTool(info, args, {
        callId,
        signal,
        timeoutMs: server.timeoutMs,
        onProgress: (progress) => {
          const call = get().calls[callId];
          if (call) set({ calls: { ...get().calls, [callId]: { ...call, progress } } });
        },
      });
      if (end.kind === 'failed' && ['server-died', 'unreachable', 'session-expired'].includes(end.problem.kind)) {
        sessions.delete(id);
        patchServer(id, { status: 'failed', problem: end.problem });
      }
      return callEndToResult(end, label);
    } finally {
      const { [callId]: _done, ...rest } = get().calls;
      set({ calls: rest });
    }
  }

  const actions = {
    /** Lists the remembered servers with their last tools at once, then reconnects each in the background. */
    async init(): Promise<void> {
      let saved: unknown;
      try {
        saved = await deps.loadSetting(SETTING);
      } catch {
        return;
      }
      if (!Array.isArray(saved)) return;
      const servers: McpServerView[] = [];
      for (const entry of saved as SavedServer[]) {
        if (typeof entry?.id !== 'string' || typeof entry.url !== 'string') continue;
        tokens.set(entry.id, typeof entry.token === 'string' ? entry.token : '');
        servers.push({
          id: entry.id,
          url: entry.url,
          hasToken: (tokens.get(entry.id) ?? '') !== '',
          timeoutMs: clampTimeout(entry.timeoutMs),
          status: 'connecting',
          problem: null,
          identity: entry.identity ?? null,
          tools: Array.isArray(entry.tools) ? entry.tools : [],
          refused: Array.isArray(entry.refused) ? entry.refused : [],
          pages: 0,
          listedAt: null,
        });
      }
      set({ servers });
      for (const server of servers) void open(server.id);
    },

    /**
     * Connects to a server at `url` (a new entry, or the entry of that URL with the new token and time limit). The
     * entry stays listed whatever happens, with its problem when it failed; only an unusable URL is refused.
     */
    async connect(
      url: string,
      token: string,
      timeoutMs = DEFAULT_MCP_TIMEOUT_MS,
    ): Promise<Result<ServerIdentity, McpProblem>> {
      const trimmed = url.trim();
      if (trimmed === '') return err({ kind: 'bad-url', detail: '' });
      const existing = get().servers.find((s) => s.url === trimmed);
      const id = existing?.id ?? `mcp-${deps.now().toString(36)}-${(++counter).toString(36)}`;
      tokens.set(id, token.trim());
      const view: McpServerView = {
        id,
        url: trimmed,
        hasToken: token.trim() !== '',
        timeoutMs: clampTimeout(timeoutMs),
        status: 'connecting',
        problem: null,
        identity: existing?.identity ?? null,
        tools: existing?.tools ?? [],
        refused: existing?.refused ?? [],
        pages: 0,
        listedAt: null,
      };
      set({ servers: existing ? get().servers.map((s) => (s.id === id ? view : s)) : [...get().servers, view] });
      const result = await open(id);
      if (!result.ok && result.error.kind === 'bad-url') {
        set({ servers: get().servers.filter((s) => s.id !== id) });
        tokens.delete(id);
      }
      void persist();
      return result;
    },

    reconnect(id: string): Promise<Result<ServerIdentity, McpProblem>> {
      return open(id);
    },

    /** Lists the server's tools again (every page). */
    async refresh(id: string): Promise<void> {
      const session = sessions.get(id);
      if (!session) return void (await open(id));
      const listed = await session.refreshTools();
      if (!listed.ok) return patchServer(id, { problem: listed.error });
      patchServer(id, {
        tools: listed.value.tools,
        refused: listed.value.refused,
        pages: listed.value.pages,
        listedAt: deps.now(),
        problem: null,
      });
      void persist();
    },

    /** Ends the session; the tools stay listed (and exposed), their calls fail until it reconnects. */
    async disconnect(id: string): Promise<void> {
      generations.set(id, (generations.get(id) ?? 0) + 1);
      const session = sessions.get(id);
      sessions.delete(id);
      patchServer(id, { status: 'disconnected', problem: null });
      await session?.close();
    },

    /** Forgets the server: its tools leave the workspace's catalog. */
    async remove(id: string): Promise<void> {
      await actions.disconnect(id);
      tokens.delete(id);
      const { [id]: _log, ...logs } = get().logs;
      set({ servers: get().servers.filter((s) => s.id !== id), logs });
      await persist();
    },

    setTimeLimit(id: string, ms: number): void {
      patchServer(id, { timeoutMs: clampTimeout(ms) });
      void persist();
    },

    /** One catalog source per server that listed tools: its tools, whose calls go to its live session. */
    sources(): ToolSource[] {
      return get()
        .servers.filter((server) => server.tools.length > 0)
        .map((server) => ({
          id: `mcp:${server.id}`,
          label: `MCP · ${serverLabel(server)}`,
          tools: () =>
            server.tools.map((info) =>
              toEngineTool(info, (tool, args, ctx): Promise<ToolResult> =>
                callTool(server.id, tool, args, ctx.callId, ctx.signal),
              ),
            ),
        }));
    },

    /** Closes every session (tests, page teardown). */
    async closeAll(): Promise<void> {
      for (const id of [...sessions.keys()]) await actions.disconnect(id);
    },
  };
  return actions;
}
