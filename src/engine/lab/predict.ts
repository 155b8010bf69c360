/**
 * Predict mode: before each model call the learner answers "tool call or final answer? which tool(s)? which
 * arguments?" (a `prediction-made` event); once the response is in, the prediction is scored against it. Scoring is
 * a pure function of the prediction and the response, so a run file replays to the same score.
 *
 * A turn is worth 3 points. Predicting the wrong kind (calls vs answer) scores 0. A correct "final answer" scores
 * 3. A correct "tool calls" scores 1 for the kind, plus the share of tools matched (predicted calls paired with the
 * actual ones by tool name, in order, over the larger of the two counts), plus the share of argument values that
 * match (over every argument of the actual calls and of the paired predictions).
 */
import type { ToolCall } from '../messages';
import type { LoopEvent } from '../loop/events';
import type { JsonValue, PredictedCall, Prediction } from './types';

export const POINTS_PER_TURN = 3;

/** What the model really did in a turn, as far as predictions are concerned. */
export type ActualTurn = { readonly kind: 'answer' } | { readonly kind: 'calls'; readonly calls: readonly ToolCall[] };

export interface ArgumentCheck {
  readonly key: string;
  readonly predicted?: JsonValue;
  readonly actual?: JsonValue;
  readonly match: boolean;
}

export interface CallCheck {
  /** The actual call's id, or null for a predicted call the model did not make. */
  readonly callId: string | null;
  readonly name: string;
  /** False for an actual call nobody predicted and a predicted call the model did not make. */
  readonly paired: boolean;
  readonly arguments: readonly ArgumentCheck[];
}

export interface PredictionScore {
  readonly round: number;
  readonly predicted: Prediction['kind'];
  readonly actual: ActualTurn['kind'];
  readonly kindMatch: boolean;
  /** Tool calls paired by name / the larger of the predicted and actual counts (calls only). */
  readonly tools: { readonly matched: number; readonly total: number };
  /** Argument values that match / every argument compared (calls only). */
  readonly args: { readonly matched: number; readonly total: number };
  readonly calls: readonly CallCheck[];
  /** 0 … POINTS_PER_TURN. */
  readonly points: number;
}

/** Scores one prediction against what the model did. */
export function scorePrediction(round: number, prediction: Prediction, actual: ActualTurn): PredictionScore {
  const base = { round, predicted: prediction.kind, actual: actual.kind };
  if (prediction.kind !== actual.kind) {
    return {
      ...base,
      kindMatch: false,
      tools: { matched: 0, total: 0 },
      args: { matched: 0, total: 0 },
      calls: [],
      points: 0,
    };
  }
  if (prediction.kind === 'answer' || actual.kind === 'answer') {
    return {
      ...base,
      kindMatch: true,
      tools: { matched: 0, total: 0 },
      args: { matched: 0, total: 0 },
      calls: [],
      points: POINTS_PER_TURN,
    };
  }
  const unpaired = [...prediction.calls];
  const calls: CallCheck[] = [];
  for (const call of actual.calls) {
    const index = unpaired.findIndex((p) => p.name === call.name);
    const actualArgs = argumentsOf(call);
    if (index < 0) {
      calls.push({
        callId: call.id,
        name: call.name,
        paired: false,
        arguments: compareArguments(undefined, actualArgs),
      });
      continue;
    }
    const [predicted] = unpaired.splice(index, 1) as [PredictedCall];
    calls.push({
      callId: call.id,
      name: call.name,
      paired: true,
      arguments: compareArguments(predicted.arguments, actualArgs),
    });
  }
  for (const predicted of unpaired) {
    calls.push({
      callId: null,
      name: predicted.name,
      paired: false,
      arguments: compareArguments(predicted.arguments, undefined),
    });
  }
  const matchedTools = calls.filter((c) => c.paired).length;
  const totalTools = Math.max(prediction.calls.length, actual.calls.length);
  const checks = calls.flatMap((c) => c.arguments);
  const matchedArgs = checks.filter((a) => a.match).length;
  const toolShare = totalTools === 0 ? 1 : matchedTools / totalTools;
  // Nothing to compare (no arguments anywhere) counts as a full match: the tools said it all.
  const argShare = checks.length === 0 ? (matchedTools === totalTools ? 1 : 0) : matchedArgs / checks.length;
  return {
    ...base,
    kindMatch: true,
    tools: { matched: matchedTools, total: totalTools },
    args: { matched: matchedArgs, total: checks.length },
    calls,
    points: 1 + toolShare + argShare,
  };
}

/** The arguments of an actual call as an object; undefined when they are not a JSON object. */
function argumentsOf(call: ToolCall): Readonly<Record<string, JsonValue>> | undefined {
  if (call.parseError !== undefined) return undefined;
  try {
    const value: unknown = JSON.parse(call.argumentsText.trim() === '' ? '{}' : call.argumentsText);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, JsonValue>)
      : undefined;
  } catch {
    return undefined;
  }
}

function compareArguments(
  predicted: Readonly<Record<string, JsonValue>> | undefined,
  actual: Readonly<Record<string, JsonValue>> | undefined,
): ArgumentCheck[] {
  const keys = [...new Set([...Object.keys(actual ?? {}), ...Object.keys(predicted ?? {})])];
  return keys.map((key) => {
    const p = predicted && Object.hasOwn(predicted, key) ? predicted[key] : undefined;
    const a = actual && Object.hasOwn(actual, key) ? actual[key] : undefined;
    return {
      key,
      ...(p !== undefined ? { predicted: p } : {}),
      ...(a !== undefined ? { actual: a } : {}),
      match: p !== undefined && a !== undefined && sameValue(p, a),
    };
  });
}

/**
 * Equal by value: numbers and numeric strings compare as numbers ("128" = 128), strings trimmed and case-blind,
 * arrays item by item, objects key by key.
 */
export function sameValue(a: JsonValue, b: JsonValue): boolean {
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na === nb;
  if (typeof a === 'string' && typeof b === 'string') return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]!));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => Object.hasOwn(a, k) && Object.hasOwn(b, k) && sameValue(a[k]!, b[k]!));
  }
  return a === b;
}

function asNumber(value: JsonValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()))) {
    return Number(value.trim());
  }
  return null;
}

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface PredictionRecord {
  readonly round: number;
  readonly prediction: Prediction;
  /** Null until the model call it predicts has responded (or when it failed). */
  readonly score: PredictionScore | null;
}

export interface PredictionSummary {
  readonly records: readonly PredictionRecord[];
  /** Turns scored so far. */
  readonly scored: number;
  readonly points: number;
  readonly maxPoints: number;
  /** Turns whose kind, tools and arguments were all right. */
  readonly perfect: number;
}

/** Every prediction of a run with its score: the running score and, at the end, the summary. */
export function predictionSummary(events: readonly LoopEvent[]): PredictionSummary {
  const responses = new Map<number, ActualTurn>();
  for (const event of events) {
    if (event.type === 'model-responded') {
      responses.set(
        event.round,
        event.calls.length > 0 ? { kind: 'calls', calls: event.message.toolCalls } : { kind: 'answer' },
      );
    }
  }
  const records: PredictionRecord[] = [];
  for (const event of events) {
    if (event.type !== 'prediction-made') continue;
    const actual = responses.get(event.round);
    records.push({
      round: event.round,
      prediction: event.prediction,
      score: actual ? scorePrediction(event.round, event.prediction, actual) : null,
    });
  }
  const scored = records.flatMap((r) => (r.score ? [r.score] : []));
  return {
    records,
    scored: scored.length,
    points: scored.reduce((sum, s) => sum + s.points, 0),
    maxPoints: scored.length * POINTS_PER_TURN,
    perfect: scored.filter((s) => s.points === POINTS_PER_TURN).length,
  };
}

/** The round whose prediction the loop waits for before its next model call, or null when it does not wait. */
export function predictionDue(events: readonly LoopEvent[], nextRound: number, predictOn: boolean): number | null {
  if (!predictOn) return null;
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.type === 'prediction-made' && event.round === nextRound) return null;
  }
  return nextRound;
}
