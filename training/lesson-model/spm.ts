/**
 * llama.cpp's SentencePiece ("llama" vocabulary type) tokenizer, ported so the trainer sees exactly the token ids
 * llama.cpp (llama-server, wllama) produces for the same text: special tokens are split out first (user-defined
 * ones always, control ones because prompts are tokenized with `parse_special`), every other fragment has its
 * spaces escaped to `▁` and is merged pair by pair, highest-scoring merge first (ties: leftmost), and a symbol that
 * is no token falls back to byte tokens. `tokenizer.ggml.add_space_prefix` is false, and the BOS token is added
 * by the caller. `lesson-model-tokenize.test.ts` holds this equal to llama-server's `/tokenize`.
 */

export const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, unused: 5, byte: 6 } as const;

export interface SpmVocabulary {
  readonly tokens: readonly string[];
  readonly scores: readonly number[];
  readonly types: readonly number[];
}

interface Symbol {
  start: number;
  length: number;
  prev: number;
  next: number;
}

interface Bigram {
  readonly left: number;
  readonly right: number;
  readonly score: number;
  readonly size: number;
}

/** A binary max-heap of bigrams ordered as llama.cpp's priority queue: higher score first, then the smaller left. */
class BigramQueue {
  private readonly items: Bigram[] = [];
  get size(): number {
    return this.items.length;
  }
  private before(a: Bigram, b: Bigram): boolean {
    return a.score > b.score || (a.score === b.score && a.left < b.left);
  }
  push(item: Bigram): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): Bigram {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.before(items[l]!, items[best]!)) best = l;
        if (r < items.length && this.before(items[r]!, items[best]!)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return top;
  }
}

export class SpmTokenizer {
  private readonly ids = new Map<string, number>();
  /** Special tokens (control and user-defined), longest first, as llama.cpp partitions them. */
  private readonly specials: readonly { readonly text: string; readonly id: number }[];
  private readonly byteBase: number;

  constructor(readonly vocab: SpmVocabulary) {
    vocab.tokens.forEach((text, id) => {
      if (!this.ids.has(text)) this.ids.set(text, id);
    });
    this.specials = vocab.tokens
      .map((text, id) => ({ text, id, type: vocab.types[id]! }))
      .filter((t) => t.type === TOKEN_TYPE.control || t.type === TOKEN_TYPE.userDefined)
      .sort((a, b) => b.text.length - a.text.length || a.id - b.id)
      .map(({ text, id }) => ({ text, id }));
    const byte0 = this.ids.get('<0x00>');
    if (byte0 === undefined) throw new Error('the vocabulary has no byte tokens');
    this.byteBase = byte0;
  }

  idOf(text: string): number | undefined {
    return this.ids.get(text);
  }

  /** Token ids for `text` (special tokens parsed), without BOS. */
  encode(text: string): number[] {
    const out: number[] = [];
    for (const fragment of this.partition(text)) {
      if (typeof fragment === 'number') out.push(fragment);
      else this.encodeRaw(fragment.replaceAll(' ', '▁'), out);
    }
    return out;
  }

  /** The text of token ids, as llama.cpp prints them with `special` on (bytes joined back into UTF-8). */
  decode(ids: readonly number[]): string {
    const bytes: number[] = [];
    const encoder = new TextEncoder();
    for (const id of ids) {
      if (this.vocab.types[id] === TOKEN_TYPE.byte) bytes.push(id - this.byteBase);
      else for (const b of encoder.encode(this.vocab.tokens[id]!.replaceAll('▁', ' '))) bytes.push(b);
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }

  /** Splits out special tokens, longest first, the way `tokenizer_st_partition` does. */
  private partition(text: string): (string | number)[] {
    let fragments: (string | number)[] = [text];
    for (const special of this.specials) {
      const next: (string | number)[] = [];
      for (const fragment of fragments) {
        if (typeof fragment === 'number' || !fragment.includes(special.text)) {
          next.push(fragment);
          continue;
        }
        const pieces = fragment.split(special.text);
        pieces.forEach((piece, i) => {
          if (i > 0) next.push(special.id);
          if (piece !== '') next.push(piece);
        });
      }
      fragments = next;
    }
    return fragments;
  }

  private encodeRaw(text: string, out: number[]): void {
    const chars = Array.from(text);
    if (chars.length === 0) return;
    const symbols: Symbol[] = [];
    let offset = 0;
    chars.forEach((ch, i) => {
      symbols.push({ start: offset, length: ch.length, prev: i - 1, next: i + 1 < chars.length ? i + 1 : -1 });
      offset += ch.length;
    });
    const queue = new BigramQueue();
    const revMerge = new Map<string, readonly [number, number]>();
    const tryAdd = (left: number, right: number) => {
      if (left === -1 || right === -1) return;
      const l = symbols[left]!;
      const r = symbols[right]!;
      const piece = text.slice(l.start, l.start + l.length + r.length);
      const id = this.ids.get(piece);
      if (id === undefined) return;
      queue.push({ left, right, score: this.vocab.scores[id]!, size: l.length + r.length });
      revMerge.set(piece, [left, right]);
    };
    for (let i = 1; i < symbols.length; i++) tryAdd(i - 1, i);
    while (queue.size > 0) {
      const bigram = queue.pop();
      const left = symbols[bigram.left]!;
      const right = symbols[bigram.right]!;
      if (left.length === 0 || right.length === 0 || left.length + right.length !== bigram.size) continue;
      left.length += right.length;
      right.length = 0;
      left.next = right.next;
      if (right.next >= 0) symbols[right.next]!.prev = bigram.left;
      tryAdd(left.prev, bigram.left);
      tryAdd(bigram.left, left.next);
    }
    const resegment = (index: number) => {
      const symbol = symbols[index]!;
      const piece = text.slice(symbol.start, symbol.start + symbol.length);
      const id = this.ids.get(piece);
      if (id !== undefined) {
        out.push(id);
        return;
      }
      const merge = revMerge.get(piece);
      if (merge === undefined) {
        for (const byte of new TextEncoder().encode(piece)) out.push(this.byteBase + byte);
        return;
      }
      resegment(merge[0]);
      resegment(merge[1]);
    };
    for (let i = 0; i !== -1; i = symbols[i]!.next) resegment(i);
  }
}
