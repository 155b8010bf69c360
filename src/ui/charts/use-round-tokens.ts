/**
 * The page's one way to token figures: every round's prompt cut into segments (`roundPrompts`) and counted by the
 * engine's one token function (`roundTokens`) — the runtime's own counts where it reported them, else the bundled
 * Qwen3 tokenizer, loaded on first use (7 MB, its own chunk) and labelled an estimate. The transcript, the Prompt
 * tab, the Metrics tab and the tool-search meter all read these hooks; no view counts or reads a usage itself.
 */
import { useEffect, useMemo, useState } from 'react';
import type { LoopEvent, RoundPrompt, RoundTokens, TokenCounter } from '../../engine';
import { errorMessage, roundPrompts, roundTokens } from '../../engine';
import { loadQwen3Counter } from '../../tokenizers/qwen3';
import { usePlaygroundApi } from '../playground-context';

export type CounterState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly counter: TokenCounter }
  | { readonly status: 'failed'; readonly error: string };

/** The bundled Qwen3 tokenizer, loaded once for the page (the page's only copy of this hook). */
export function useTokenCounter(): CounterState {
  const [state, setState] = useState<CounterState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadQwen3Counter().then(
      (counter) => live && setState({ status: 'ready', counter }),
      (error: unknown) => live && setState({ status: 'failed', error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export interface RoundTokensView {
  readonly counter: CounterState;
  readonly prompts: readonly RoundPrompt[];
  /** One per prompt once the tokenizer is ready; null before. */
  readonly tokens: readonly RoundTokens[] | null;
}

export function useRoundTokens(events: readonly LoopEvent[]): RoundTokensView {
  const counter = useTokenCounter();
  const { extensions } = usePlaygroundApi();
  const prompts = useMemo(() => roundPrompts(events, extensions), [events, extensions]);
  const tokens = useMemo(
    () => (counter.status === 'ready' ? roundTokens(events, counter.counter, extensions) : null),
    [events, counter, extensions],
  );
  return { counter, prompts, tokens };
}

/** One model call's figures, for the transcript: null until the tokenizer is ready (or when the round is unknown). */
export function useTokensOfRound(events: readonly LoopEvent[], round: number): RoundTokens | null {
  const counter = useTokenCounter();
  const { extensions } = usePlaygroundApi();
  return useMemo(
    () =>
      counter.status === 'ready'
        ? (roundTokens(events, counter.counter, extensions).find((r) => r.round === round) ?? null)
        : null,
    [events, round, counter, extensions],
  );
}
