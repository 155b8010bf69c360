/**
 * What the app knows about each OpenAI-compatible server: where it listens by default, whether it takes a GBNF
 * grammar or a named tool choice, and how to let a browser page call it (CORS). Detected from `GET /models`
 * (`owned_by`) and the port, overridable in the panel. Pure.
 */

export type ServerKind = 'llama.cpp' | 'ollama' | 'lm-studio' | 'vllm' | 'other';

export const SERVER_KINDS: readonly ServerKind[] = ['llama.cpp', 'ollama', 'lm-studio', 'vllm', 'other'];

export interface ServerInfo {
  readonly label: string;
  readonly defaultBaseUrl: string;
  /** Takes llama.cpp's `grammar` field (GBNF). */
  readonly acceptsGbnf: boolean;
  /** Reads `tool_choice: {type: "function", function: {name}}`; llama.cpp reads strings only. */
  readonly namedToolChoice: boolean;
  /** Documents no `tool_choice` in its OpenAI layer (it may be ignored). */
  readonly ignoresToolChoice: boolean;
  /** The lines that make it answer this page's origin (CORS), for the "CORS refused" message. */
  corsFix(origin: string): readonly string[];
}

export const SERVERS: Record<ServerKind, ServerInfo> = {
  'llama.cpp': {
    label: 'llama.cpp server',
    defaultBaseUrl: 'http://127.0.0.1:8080/v1',
    acceptsGbnf: true,
    namedToolChoice: false,
    ignoresToolChoice: false,
    corsFix: (origin) => [
      'llama-server allows every origin unless started with --cors-origins. Start it with this page allowed:',
      `llama-server -m model.gguf --jinja --cors-origins ${origin}`,
    ],
  },
  ollama: {
    label: 'Ollama',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    acceptsGbnf: false,
    namedToolChoice: false,
    ignoresToolChoice: true,
    corsFix: (origin) => [
      'Ollama allows localhost pages only. Allow this page with OLLAMA_ORIGINS and restart Ollama:',
      `OLLAMA_ORIGINS=${origin} ollama serve`,
      `macOS app: launchctl setenv OLLAMA_ORIGINS "${origin}", then quit and reopen Ollama.`,
    ],
  },
  'lm-studio': {
    label: 'LM Studio',
    defaultBaseUrl: 'http://127.0.0.1:1234/v1',
    acceptsGbnf: false,
    namedToolChoice: true,
    ignoresToolChoice: false,
    corsFix: () => [
      'LM Studio: Developer tab → Settings → switch on "Enable CORS", then restart the server.',
      'Or from a terminal: lms server start --cors',
    ],
  },
  vllm: {
    label: 'vLLM',
    defaultBaseUrl: 'http://127.0.0.1:8000/v1',
    acceptsGbnf: false,
    namedToolChoice: true,
    ignoresToolChoice: false,
    corsFix: (origin) => [
      'vLLM allows every origin unless started with --allowed-origins. Start it with this page allowed:',
      `vllm serve <model> --allowed-origins '["${origin}"]'`,
    ],
  },
  other: {
    label: 'OpenAI-compatible server',
    defaultBaseUrl: 'http://127.0.0.1:8080/v1',
    acceptsGbnf: false,
    namedToolChoice: true,
    ignoresToolChoice: false,
    corsFix: (origin) => [
      `The server must answer this page's origin with \`Access-Control-Allow-Origin: ${origin}\` (and allow the`,
      '`Authorization` and `Content-Type` headers), or sit behind a proxy on the same origin as the app.',
    ],
  },
};

/** The server behind a `/models` answer: llama.cpp says `owned_by: "llamacpp"`, vLLM `"vllm"`, and so on. */
export function detectServer(ownedBy: readonly string[], baseUrl: string): ServerKind | null {
  const owners = ownedBy.map((o) => o.toLowerCase());
  if (owners.includes('llamacpp')) return 'llama.cpp';
  if (owners.includes('vllm')) return 'vllm';
  if (owners.includes('ollama') || owners.includes('library')) return 'ollama';
  if (owners.includes('organization_owner')) return 'lm-studio';
  let port: string;
  try {
    port = new URL(baseUrl).port;
  } catch {
    return null;
  }
  switch (port) {
    case '11434':
      return 'ollama';
    case '1234':
      return 'lm-studio';
    default:
      return null;
  }
}
