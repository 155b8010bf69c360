/**
 * The lesson model's vocabulary, learned from the lessons' own text and designed so that copying is easy:
 * - every digit is its own token (no multi-digit tokens), so a number is copied digit by digit;
 * - letters merge only with letters, punctuation only with punctuation (and spaces), so a word tokenizes the same in
 *   prose, inside a JSON string and after a `/` ("Seoul" in the question and in "Asia/Seoul");
 * - a space merges into a following lowercase word only for common words that never start a copied value, and those
 *   merges score below every letter merge, so a word is whole before its space can join it (checked for every value);
 * - each Hangul syllable is one token, never merged (a particle never glues onto a name);
 * - ChatML and the tool markers are special tokens; 256 byte tokens catch anything else.
 * Deterministic: the same corpus gives the same vocabulary.
 */
import type { SpmVocabulary } from './spm';
import { SpmTokenizer, TOKEN_TYPE } from './spm';

export const SPECIAL = {
  unk: '<unk>',
  bos: '<s>',
  eos: '</s>',
  imStart: '<|im_start|>',
  imEnd: '<|im_end|>',
} as const;

/** User-defined tokens: the tool protocol's tags, matched in any text the way llama.cpp matches them. */
export const MARKERS = [
  '<tool_call>',
  '</tool_call>',
  '<tool_response>',
  '</tool_response>',
  '<tools>',
  '</tools>',
] as const;

export interface VocabularyOptions {
  readonly letterMerges: number;
  readonly punctMerges: number;
  readonly spaceWords: number;
  readonly minCount: number;
}

export const DEFAULT_VOCABULARY_OPTIONS: VocabularyOptions = {
  letterMerges: 2200,
  punctMerges: 220,
  spaceWords: 320,
  minCount: 8,
};

type CharClass = 'letter' | 'digit' | 'hangul' | 'punct';

function classOf(ch: string): CharClass {
  if (/^[A-Za-z]$/.test(ch)) return 'letter';
  if (/^[0-9]$/.test(ch)) return 'digit';
  const code = ch.codePointAt(0)!;
  if (code >= 0xac00 && code <= 0xd7a3) return 'hangul';
  return 'punct';
}

const SPECIAL_TEXTS = [...Object.values(SPECIAL), ...MARKERS];
const SPECIAL_PATTERN = new RegExp(SPECIAL_TEXTS.map((s) => s.replace(/[|[\]\\/^$.*+?(){}]/g, '\\$&')).join('|'), 'g');

/** The text's fragments between special tokens, spaces escaped as llama.cpp escapes them. */
export function rawFragments(text: string): string[] {
  return text
    .split(SPECIAL_PATTERN)
    .filter((f) => f !== '')
    .map((f) => f.replaceAll(' ', '▁'));
}

/** Maximal runs of one class (letters, punctuation) — the units merges stay inside. Digits and Hangul are single. */
function runs(fragment: string): { text: string; cls: CharClass; prev: string }[] {
  const out: { text: string; cls: CharClass; prev: string }[] = [];
  let current = '';
  let cls: CharClass | null = null;
  let prev = '';
  for (const ch of fragment) {
    const c = classOf(ch);
    if (c === cls && (c === 'letter' || c === 'punct')) {
      current += ch;
      continue;
    }
    if (cls !== null) {
      out.push({ text: current, cls, prev });
      prev = Array.from(current).pop()!;
    }
    current = ch;
    cls = c;
  }
  if (cls !== null) out.push({ text: current, cls, prev });
  return out;
}

/** Byte-pair merges over words (runs) with their counts: the classic algorithm, deterministic tie-breaks. */
function learnMerges(words: Map<string, number>, maxMerges: number, minCount: number): string[] {
  const entries = [...words.entries()].map(([w, n]) => ({ pieces: Array.from(w), n }));
  const merges: string[] = [];
  for (let m = 0; m < maxMerges; m++) {
    const pairs = new Map<string, number>();
    for (const { pieces, n } of entries) {
      for (let i = 0; i + 1 < pieces.length; i++) {
        const key = `${pieces[i]}\u0000${pieces[i + 1]}`;
        pairs.set(key, (pairs.get(key) ?? 0) + n);
      }
    }
    let best: string | null = null;
    let bestCount = 0;
    for (const [key, count] of pairs) {
      if (count > bestCount || (count === bestCount && best !== null && key < best)) {
        best = key;
        bestCount = count;
      }
    }
    if (best === null || bestCount < minCount) break;
    const [left, right] = best.split('\u0000') as [string, string];
    const merged = left + right;
    merges.push(merged);
    for (const entry of entries) {
      const next: string[] = [];
      for (let i = 0; i < entry.pieces.length; i++) {
        if (i + 1 < entry.pieces.length && entry.pieces[i] === left && entry.pieces[i + 1] === right) {
          next.push(merged);
          i++;
        } else next.push(entry.pieces[i]!);
      }
      entry.pieces = next;
    }
  }
  return merges;
}

export interface BuiltVocabulary extends SpmVocabulary {
  readonly ids: {
    readonly unk: number;
    readonly bos: number;
    readonly eos: number;
    readonly imStart: number;
    readonly imEnd: number;
  };
}

/**
 * Builds the vocabulary from sample texts. `valueWords` are words that appear inside values a conversation copies
 * (arguments, results): no space-word token may change how they tokenize after a space.
 */
export function buildVocabulary(
  texts: readonly string[],
  valueWords: ReadonlySet<string>,
  options: VocabularyOptions = DEFAULT_VOCABULARY_OPTIONS,
): BuiltVocabulary {
  const letterWords = new Map<string, number>();
  const punctWords = new Map<string, number>();
  const spaced = new Map<string, number>();
  const chars = new Set<string>();
  for (const text of texts) {
    for (const fragment of rawFragments(text)) {
      for (const ch of fragment) chars.add(ch);
      for (const run of runs(fragment)) {
        if (run.cls === 'letter') {
          letterWords.set(run.text, (letterWords.get(run.text) ?? 0) + 1);
          if (run.prev === '▁' && /^[a-z]+$/.test(run.text)) spaced.set(run.text, (spaced.get(run.text) ?? 0) + 1);
        } else if (run.cls === 'punct' && run.text.length > 1) {
          punctWords.set(run.text, (punctWords.get(run.text) ?? 0) + 1);
        }
      }
    }
  }

  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const seen = new Set<string>();
  const add = (text: string, type: number, score = 0): number => {
    if (seen.has(text)) throw new Error(`buildVocabulary: duplicate token ${JSON.stringify(text)}`);
    seen.add(text);
    tokens.push(text);
    types.push(type);
    scores.push(score);
    return tokens.length - 1;
  };
  const unk = add(SPECIAL.unk, TOKEN_TYPE.unknown);
  const bos = add(SPECIAL.bos, TOKEN_TYPE.control);
  const eos = add(SPECIAL.eos, TOKEN_TYPE.control);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, TOKEN_TYPE.byte);
  const imStart = add(SPECIAL.imStart, TOKEN_TYPE.control);
  const imEnd = add(SPECIAL.imEnd, TOKEN_TYPE.control);
  for (const marker of MARKERS) add(marker, TOKEN_TYPE.userDefined);
  for (const ch of [...chars].sort()) add(ch, TOKEN_TYPE.normal, 0);

  let rank = 1;
  for (const merge of learnMerges(letterWords, options.letterMerges, options.minCount)) {
    if (!seen.has(merge)) add(merge, TOKEN_TYPE.normal, -rank++);
  }
  for (const merge of learnMerges(punctWords, options.punctMerges, options.minCount)) {
    if (!seen.has(merge)) add(merge, TOKEN_TYPE.normal, -rank++);
  }

  // Space-words: common lowercase words that are a single token already and never start a value.
  const base: SpmVocabulary = { tokens: [...tokens], scores: [...scores], types: [...types] };
  const plain = new SpmTokenizer(base);
  const candidates = [...spaced.entries()]
    .filter(([word, n]) => n >= options.minCount * 4 && plain.encode(word).length === 1)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.spaceWords);
  let spaceRank = 1;
  for (const [word] of candidates) add(`▁${word}`, TOKEN_TYPE.normal, -1_000_000 - spaceRank++);

  // Every value word must tokenize after a space as `▁` + its own tokens; drop any space-word that breaks that.
  let vocab: BuiltVocabulary = { tokens, scores, types, ids: { unk, bos, eos, imStart, imEnd } };
  for (let pass = 0; pass < 10; pass++) {
    const tokenizer = new SpmTokenizer(vocab);
    const space = tokenizer.idOf('▁')!;
    const broken = new Set<string>();
    for (const word of valueWords) {
      const alone = tokenizer.encode(word);
      const after = tokenizer.encode(` ${word}`);
      if (
        after[0] !== space ||
        after.length !== alone.length + 1 ||
        after.some((id, i) => i > 0 && id !== alone[i - 1])
      ) {
        broken.add(vocab.tokens[after[0]!]!);
      }
    }
    if (broken.size === 0) return vocab;
    const keep = vocab.tokens.map(
      (t, i) => !(broken.has(t) && t.startsWith('▁') && t.length > 1 && vocab.types[i] === TOKEN_TYPE.normal),
    );
    vocab = {
      tokens: vocab.tokens.filter((_, i) => keep[i]),
      scores: vocab.scores.filter((_, i) => keep[i]),
      types: vocab.types.filter((_, i) => keep[i]),
      ids: vocab.ids,
    };
  }
  throw new Error('buildVocabulary: value words still tokenize differently after a space');
}

/**
 * The words of a value whose left neighbour differs between prose and JSON: the first word, and words right after
 * a character that is not a space ("Seoul" in "Asia/Seoul", "York" in "New_York"). A word after a space inside the
 * value has a space before it in both places, so it tokenizes alike anyway.
 */
export function wordsOf(value: string): string[] {
  return [...value.matchAll(/(^|[^ A-Za-z])([A-Za-z]+)/g)].map((m) => m[2]!);
}
