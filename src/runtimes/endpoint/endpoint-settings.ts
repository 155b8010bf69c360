/**
 * The endpoint panel's settings: where the server is, which model, which protocol mode, format and constraint,
 * and the request knobs. Kept in this browser's localStorage (read back through zod; a damaged record falls
 * back to the defaults). The API key is stored under its own key, in this browser only: it is never part of a
 * run, an export or a trace (the trace shows a placeholder in its place).
 */
import { z } from 'zod';
import type { FormatId, PromptFormat, Result } from '../../engine';
import { err, formatForModel, ok, PROMPT_FORMATS, qwen25Format } from '../../engine';
import { describeProblem, normalizeBaseUrl } from './connection';
import type { EndpointCallConfig } from './endpoint-runtime';
import { constraintSupport } from './request-body';
import type { ServerKind } from './server-kinds';
import { SERVER_KINDS, SERVERS } from './server-kinds';

const FORMAT_IDS = Object.keys(PROMPT_FORMATS) as [FormatId, ...FormatId[]];

const settingsSchema = z.object({
  baseUrl: z.string(),
  model: z.string(),
  mode: z.enum(['server-tools', 'app-protocol']),
  /** `auto`: guessed from the model name (Qwen2.5 when nothing matches). */
  format: z.union([z.literal('auto'), z.enum(FORMAT_IDS)]),
  constraint: z.enum(['none', 'grammar', 'json-schema']),
  /** `auto`: what the connection check detected. */
  server: z.union([z.literal('auto'), z.enum(SERVER_KINDS as [ServerKind, ...ServerKind[]])]),
  timeoutS: z.number().int().min(1).max(3600),
  maxTokens: z.number().int().min(1).nullable(),
  temperature: z.number().min(0).max(5).nullable(),
  seed: z.number().int().nullable(),
  /** JSON object text merged into every request body (e.g. `{"top_k": 20}`). */
  extraBody: z.string(),
});

export type EndpointSettings = Readonly<z.infer<typeof settingsSchema>>;

export const DEFAULT_SETTINGS: EndpointSettings = {
  baseUrl: SERVERS['llama.cpp'].defaultBaseUrl,
  model: '',
  mode: 'server-tools',
  format: 'auto',
  constraint: 'none',
  server: 'auto',
  timeoutS: 120,
  maxTokens: 1024,
  temperature: null,
  seed: null,
  extraBody: '',
};

const SETTINGS_KEY = 'tlp-endpoint-settings';
const API_KEY_KEY = 'tlp-endpoint-api-key';

/** The slice of `Storage` the settings need (localStorage in the app, a Map-backed one in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loadSettings(storage: KeyValueStorage | null): { settings: EndpointSettings; apiKey: string } {
  if (!storage) return { settings: DEFAULT_SETTINGS, apiKey: '' };
  let settings = DEFAULT_SETTINGS;
  const stored = storage.getItem(SETTINGS_KEY);
  // Nothing stored (the endpoint never used in this browser): the defaults, without a first zod parse at start-up.
  if (stored === null) return { settings, apiKey: storage.getItem(API_KEY_KEY) ?? '' };
  try {
    const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...JSON.parse(stored) });
    if (parsed.success) settings = parsed.data;
  } catch {
    // A damaged record: the defaults.
  }
  return { settings, apiKey: storage.getItem(API_KEY_KEY) ?? '' };
}

export function saveSettings(storage: KeyValueStorage | null, settings: EndpointSettings, apiKey: string): void {
  if (!storage) return;
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    if (apiKey === '') storage.removeItem(API_KEY_KEY);
    else storage.setItem(API_KEY_KEY, apiKey);
  } catch {
    // Storage full or denied (private mode): the settings still hold for this page.
  }
}

/** The JSON object of the "extra body fields" box, or why it is not one. Empty text is no extra fields. */
export function parseExtraBody(text: string): Result<Record<string, unknown> | undefined> {
  if (text.trim() === '') return ok(undefined);
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return err('Extra body fields must be one JSON object, e.g. {"top_k": 20}.');
    }
    return ok(value as Record<string, unknown>);
  } catch (error) {
    return err(`Extra body fields are not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The format used in app-protocol mode, and whether it was guessed from the model name. */
export function resolveFormat(settings: EndpointSettings): { format: PromptFormat; guessed: boolean } {
  if (settings.format !== 'auto') return { format: PROMPT_FORMATS[settings.format], guessed: false };
  return { format: guessFormat(settings.model) ?? qwen25Format, guessed: true };
}

/**
 * The family a server's model id names. Servers spell ids their own way — Ollama `qwen3:1.7b` and
 * `llama3.2:3b`, LM Studio `qwen2.5-7b-instruct`, vLLM `Qwen/Qwen3-8B` — so the name after any `/` is read with
 * those spellings first, then as web-llm spells its ids.
 */
export function guessFormat(modelId: string): PromptFormat | null {
  const name = modelId.toLowerCase().split('/').pop() ?? '';
  if (name.includes('hermes')) return PROMPT_FORMATS.hermes;
  if (/^qwen3(?![.\d])/.test(name)) return PROMPT_FORMATS.qwen3;
  if (/^qwen2(\.5)?(?![.\d])/.test(name)) return PROMPT_FORMATS['qwen2.5'];
  if (/^(meta-)?llama-?3\.[123](?!\d)/.test(name)) return PROMPT_FORMATS['llama-3.2'];
  return formatForModel(modelId);
}

/** The server kind in effect: the one chosen, else the one detected, else a generic OpenAI-compatible server. */
export function resolveServer(settings: EndpointSettings, detected: ServerKind | null): ServerKind {
  return settings.server !== 'auto' ? settings.server : (detected ?? 'other');
}

/** Everything a call needs, or the first reason it cannot be made. */
export function resolveCallConfig(
  settings: EndpointSettings,
  apiKey: string,
  detected: ServerKind | null,
  pageOrigin: string,
): Result<EndpointCallConfig> {
  const base = normalizeBaseUrl(settings.baseUrl);
  const server = resolveServer(settings, detected);
  if (!base.ok) {
    return err(describeProblem(base.error, { pageOrigin, baseUrl: settings.baseUrl, server, action: '' }).message);
  }
  if (settings.model.trim() === '') return err('Pick a model in the Model panel (Check connection lists them).');
  const extra = parseExtraBody(settings.extraBody);
  if (!extra.ok) return extra;
  const { format, guessed } = resolveFormat(settings);
  if (settings.mode === 'app-protocol') {
    const support = constraintSupport(settings.constraint, format, server);
    if (!support.ok) return support;
  }
  return ok({
    access: { baseUrl: base.value, apiKey, timeoutS: settings.timeoutS },
    model: settings.model.trim(),
    mode: settings.mode,
    format,
    formatGuessed: guessed,
    constraint: settings.constraint,
    server,
    ...(settings.maxTokens !== null ? { maxTokens: settings.maxTokens } : {}),
    ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
    ...(settings.seed !== null ? { seed: settings.seed } : {}),
    ...(extra.value ? { extraBody: extra.value } : {}),
    pageOrigin,
  });
}
