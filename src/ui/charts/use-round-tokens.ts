/**
 * The one projection the Metrics charts and the Prompt tab share: every round's prompt cut into segments
 * (`roundPrompts`) and counted (`countRound`) — with the runtime's own counts where it reported them, else with
 * the bundled Qwen3 tokenizer, loaded on first use (7 MB, its own chunk) and labelled an estimate.
 */
import { useEffect, useMemo, useState } from 'react';
import type { LoopEvent, RoundPrompt, RoundTokens, TokenCounter } from '../../engine';
import { countRound, errorMessage, roundPrompts } from '../../engine';
import { loadQwen3Counter } from '../../tokenizers/qwen3';
import { usePlaygroundApi } from '../playground-context';

export type CounterState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly counter: TokenCounter }
  | { readonly status: 'failed'; readonly error: string };

/** The bundled Qwen3 tokenizer, loaded once for the page. */
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
    () => (counter.status === 'ready' ? prompts.map((p) => countRound(p, counter.counter)) : null),
    [prompts, counter],
  );
  return { counter, prompts, tokens };
}
