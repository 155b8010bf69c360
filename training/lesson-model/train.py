#!/usr/bin/env python3
"""Trains the lesson model: a small llama-architecture transformer, from scratch, on the conversations that
`npm run lesson-model:data` wrote (the exact token ids llama.cpp produces for the app's prompts).

- The architecture is llama.cpp's `llama` as the GGUF export writes it: RMSNorm, rotary positions in ggml's
  "normal" (adjacent pairs) layout, SwiGLU, tied input/output embeddings. What trains here runs there unchanged.
- Computation in bfloat16 (this CPU's matrix units: ~40x its float32 speed in Debian's PyTorch 1.13) with
  float32 master weights and AdamW; the loss only on the assistant tokens the data marks.
- A curriculum: compact conversations (no system prompt) dominate the first steps, full prompts the rest.
- `--resume` continues from the last checkpoint (written atomically every few minutes, with the optimizer, the
  data position and the random states); a learning curve (tokens seen -> held-out exact-turn accuracy per family)
  is appended to `curve.jsonl` as it goes, and the log to `train.log`.
- `--export PATH` writes the float32 weights and a manifest for `lesson-model:export` (the GGUF writer is the app's).

Never part of `npm test`. Seeded; on 2 shared cores it takes hours: run it niced and resume across sessions.
"""
import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

CONFIG = dict(d=256, layers=4, heads=4, ff=768, rope_base=10000.0, eps=1e-5, context=2048)


def log(out, text):
    line = time.strftime('%Y-%m-%d %H:%M:%S ') + text
    print(line, flush=True)
    with open(os.path.join(out, 'train.log'), 'a') as f:
        f.write(line + '\n')


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        d, ff = c['d'], c['ff']
        self.attn_norm = nn.Parameter(torch.ones(d))
        self.ffn_norm = nn.Parameter(torch.ones(d))
        self.q = nn.Linear(d, d, bias=False)
        self.k = nn.Linear(d, d, bias=False)
        self.v = nn.Linear(d, d, bias=False)
        self.o = nn.Linear(d, d, bias=False)
        self.gate = nn.Linear(d, ff, bias=False)
        self.up = nn.Linear(d, ff, bias=False)
        self.down = nn.Linear(ff, d, bias=False)


def rms(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def rope(x, cos, sin):
    """ggml's rope, mode 0: each adjacent pair (2i, 2i+1) turns by pos * base^(-2i/dims)."""
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


class LessonModel(nn.Module):
    def __init__(self, vocab, c):
        super().__init__()
        self.c = c
        self.embed = nn.Embedding(vocab, c['d'])
        self.blocks = nn.ModuleList([Block(c) for _ in range(c['layers'])])
        self.out_norm = nn.Parameter(torch.ones(c['d']))
        nn.init.normal_(self.embed.weight, std=0.02)
        for b in self.blocks:
            for lin in (b.q, b.k, b.v, b.gate, b.up):
                nn.init.normal_(lin.weight, std=0.02)
            for lin in (b.o, b.down):
                nn.init.normal_(lin.weight, std=0.02 / math.sqrt(2 * c['layers']))

    def hidden(self, idx):
        c = self.c
        B, T = idx.shape
        H = c['heads']
        dh = c['d'] // H
        x = self.embed(idx)
        pos = torch.arange(T, dtype=torch.float32)
        inv = c['rope_base'] ** (-torch.arange(0, dh, 2, dtype=torch.float32) / dh)
        ang = pos[:, None] * inv[None, :]
        cos = ang.cos().to(x.dtype)
        sin = ang.sin().to(x.dtype)
        mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1)
        # The scale goes into q (B·T·d values) rather than the B·H·T·T scores; softmax runs in bfloat16 (PyTorch
        # accumulates it in float32): converting the scores to float32 and back cost more than the rest of the step.
        scale = 1.0 / math.sqrt(dh)
        for b in self.blocks:
            h = rms(x, b.attn_norm, c['eps'])
            q = b.q(h).view(B, T, H, dh).transpose(1, 2)
            k = b.k(h).view(B, T, H, dh).transpose(1, 2)
            v = b.v(h).view(B, T, H, dh).transpose(1, 2)
            q = rope(q, cos, sin) * scale
            k = rope(k, cos, sin)
            att = q @ k.transpose(-1, -2)
            att = att.masked_fill(mask, float('-inf')).softmax(-1)
            y = (att @ v).transpose(1, 2).reshape(B, T, c['d'])
            x = x + b.o(y)
            h = rms(x, b.ffn_norm, c['eps'])
            x = x + b.down(F.silu(b.gate(h)) * b.up(h))
        return rms(x, self.out_norm, c['eps'])

    def logits_at(self, hidden_rows):
        return hidden_rows @ self.embed.weight.t()


class Data:
    def __init__(self, folder, name):
        self.tokens = np.fromfile(os.path.join(folder, f'{name}.tokens.u16'), dtype=np.uint16)
        self.mask = np.fromfile(os.path.join(folder, f'{name}.mask.u8'), dtype=np.uint8)
        with open(os.path.join(folder, f'{name}.docs.json')) as f:
            self.docs = json.load(f)

    def doc(self, i):
        d = self.docs[i]
        s, n = d['offset'], d['length']
        return self.tokens[s:s + n].astype(np.int64), self.mask[s:s + n]


def batch_of(data, indices):
    """Right-padded batch: inputs, and (flat position, target) for every learned token."""
    docs = [data.doc(i) for i in indices]
    T = max(len(t) for t, _ in docs) - 1
    idx = np.zeros((len(docs), T), dtype=np.int64)
    positions, targets = [], []
    for r, (toks, mask) in enumerate(docs):
        n = len(toks) - 1
        idx[r, :n] = toks[:-1]
        learn = np.nonzero(mask[1:])[0]
        positions.append(r * T + learn)
        targets.append(toks[1:][learn])
    return torch.from_numpy(idx), torch.from_numpy(np.concatenate(positions)), torch.from_numpy(np.concatenate(targets))


def compact_share(progress):
    """The curriculum: compact conversations are 60% of the first steps, 10% after a third of the run."""
    return 0.1 + 0.5 * max(0.0, 1.0 - progress / 0.33)


def make_batches(data, rng, budget, progress):
    """One pass of batches: documents drawn by the curriculum, grouped by length so padding stays small."""
    compact = [i for i, d in enumerate(data.docs) if d['compact']]
    full = [i for i, d in enumerate(data.docs) if not d['compact']]
    share = compact_share(progress)
    n = 4096
    chosen = [rng.choice(compact) if rng.random() < share else rng.choice(full) for _ in range(n)]
    chosen.sort(key=lambda i: data.docs[i]['length'])
    batches, current, longest = [], [], 0
    for i in chosen:
        length = data.docs[i]['length']
        if current and max(longest, length) * (len(current) + 1) > budget:
            batches.append(current)
            current, longest = [], 0
        current.append(i)
        longest = max(longest, length)
    if current:
        batches.append(current)
    rng.shuffle(batches)
    return batches


@torch.no_grad()
def evaluate(model, data, per_family, budget):
    """Teacher-forced greedy accuracy on held-out conversations: a turn is right when the argmax at every one of
    its tokens is the target — exactly when greedy decoding reproduces it from that prompt. A conversation is right
    when all its learned turns are (then a greedy run reproduces it end to end)."""
    model.eval()
    by_family = {}
    for i, d in enumerate(data.docs):
        by_family.setdefault((d['family'], d['language']), []).append(i)
    results = {}
    for key, indices in sorted(by_family.items()):
        indices = indices[:per_family]
        turns_ok = turns = convs_ok = 0
        first_ok = 0
        for start in range(0, len(indices), 8):
            group = indices[start:start + 8]
            idx, _, _ = batch_of(data, group)
            T = idx.shape[1]
            # Logits only where a learned turn's tokens are predicted (the vocabulary projection is most of the cost).
            spans = []
            for r, i in enumerate(group):
                toks, mask = data.doc(i)
                for k, (s, e) in enumerate(data.docs[i]['turns']):
                    if mask[s:e].any():
                        spans.append((r, i, k, s, e))
            flat = torch.tensor([r * T + j for r, _, _, s, e in spans for j in range(s - 1, e - 1)], dtype=torch.long)
            hidden = model.hidden(idx).reshape(-1, model.c['d'])
            pred = model.logits_at(hidden[flat]).argmax(-1).numpy()
            at = 0
            right = {}
            for r, i, k, s, e in spans:
                toks, _ = data.doc(i)
                ok = bool((pred[at:at + e - s] == toks[s:e]).all())
                at += e - s
                turns += 1
                turns_ok += ok
                if k == 0:
                    first_ok += ok
                right[i] = right.get(i, True) and ok
            convs_ok += sum(1 for i in group if right.get(i, True))
        n = len(indices)
        results[f'{key[0]}/{key[1]}'] = dict(n=n, turns=round(turns_ok / max(turns, 1), 4), first=round(first_ok / max(n, 1), 4),
                                            conversations=round(convs_ok / max(n, 1), 4))
    model.train()
    return results


def to_bf16_copy(model):
    twin = LessonModel(model.embed.num_embeddings, model.c)
    twin.load_state_dict(model.state_dict())
    return twin.to(torch.bfloat16)


def save(out, master, opt, state):
    tmp = os.path.join(out, 'checkpoint.pt.tmp')
    torch.save(dict(model=master.state_dict(), opt=opt.state_dict(), state=state, config=master.c), tmp)
    os.replace(tmp, os.path.join(out, 'checkpoint.pt'))


def export(out, master, path):
    """float32 weights + manifest for the GGUF export (names as llama.cpp's llama architecture has them)."""
    os.makedirs(path, exist_ok=True)
    tensors = []
    blob = bytearray()

    def put(name, t):
        a = t.detach().float().contiguous().numpy()
        tensors.append(dict(name=name, shape=list(a.shape), offset=len(blob)))
        blob.extend(a.tobytes())

    put('token_embd.weight', master.embed.weight)
    put('output_norm.weight', master.out_norm)
    for i, b in enumerate(master.blocks):
        p = f'blk.{i}.'
        put(p + 'attn_norm.weight', b.attn_norm)
        put(p + 'attn_q.weight', b.q.weight)
        put(p + 'attn_k.weight', b.k.weight)
        put(p + 'attn_v.weight', b.v.weight)
        put(p + 'attn_output.weight', b.o.weight)
        put(p + 'ffn_norm.weight', b.ffn_norm)
        put(p + 'ffn_gate.weight', b.gate.weight)
        put(p + 'ffn_up.weight', b.up.weight)
        put(p + 'ffn_down.weight', b.down.weight)
    with open(os.path.join(path, 'weights.f32'), 'wb') as f:
        f.write(bytes(blob))
    with open(os.path.join(path, 'manifest.json'), 'w') as f:
        json.dump(dict(config=master.c, tensors=tensors), f, indent=1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--data', default=os.path.expanduser('~/.cache/tool-loop-playground/lesson-model/data'))
    p.add_argument('--out', default=os.path.expanduser('~/.cache/tool-loop-playground/lesson-model/run'))
    p.add_argument('--resume', action='store_true')
    p.add_argument('--tokens', type=float, default=60e6, help='planned training tokens (sets the schedule)')
    p.add_argument('--budget', type=int, default=12288, help='tokens per batch (padded)')
    p.add_argument('--lr', type=float, default=2e-3)
    p.add_argument('--threads', type=int, default=1,
                   help='1 on a busy machine (two threads spin waiting for each other), 2 on an idle one')
    p.add_argument('--checkpoint-minutes', type=float, default=8)
    p.add_argument('--eval-minutes', type=float, default=45)
    p.add_argument('--eval-per-family', type=int, default=6)
    p.add_argument('--stop-after-minutes', type=float, default=0, help='stop (after a checkpoint) after this long')
    p.add_argument('--export', default='', help='write the weights of the checkpoint for the GGUF export and stop')
    args = p.parse_args()

    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.data, 'vocab.json')) as f:
        vocab = len(json.load(f)['tokens'])
    torch.manual_seed(1234)
    master = LessonModel(vocab, dict(CONFIG))
    decay = [p_ for n, p_ in master.named_parameters() if p_.dim() >= 2]
    no_decay = [p_ for n, p_ in master.named_parameters() if p_.dim() < 2]
    opt = torch.optim.AdamW([dict(params=decay, weight_decay=0.05), dict(params=no_decay, weight_decay=0.0)],
                            lr=args.lr, betas=(0.9, 0.98), eps=1e-8)
    state = dict(step=0, tokens=0, learned=0, seconds=0.0, seed=1234, pass_=0)
    ckpt = os.path.join(args.out, 'checkpoint.pt')
    if (args.resume or args.export) and os.path.exists(ckpt):
        saved = torch.load(ckpt)
        master.load_state_dict(saved['model'])
        opt.load_state_dict(saved['opt'])
        state = saved['state']
        log(args.out, f'resumed at step {state["step"]}, {state["tokens"] / 1e6:.2f}M tokens')
    elif args.resume:
        log(args.out, 'no checkpoint to resume: starting fresh')
    if args.export:
        export(args.out, master, args.export)
        log(args.out, f'exported step {state["step"]} to {args.export}')
        return

    train = Data(args.data, 'train')
    held = Data(args.data, 'heldout')
    params = sum(p_.numel() for p_ in master.parameters())
    log(args.out, f'model {params / 1e6:.2f}M parameters, vocabulary {vocab}; {len(train.docs)} training documents, '
                  f'{len(train.tokens) / 1e6:.1f}M tokens; plan {args.tokens / 1e6:.0f}M tokens')
    model = to_bf16_copy(master)
    rng = random.Random(state['seed'] + state['pass_'])
    started = time.time()
    last_ckpt = last_eval = time.time()
    base_seconds = state['seconds']
    warmup = 150
    est_steps = max(1, int(args.tokens / (args.budget * 0.75)))
    while state['tokens'] < args.tokens:
        batches = make_batches(train, rng, args.budget, state['tokens'] / args.tokens)
        state['pass_'] += 1
        for indices in batches:
            step = state['step']
            lr = args.lr * min(1.0, (step + 1) / warmup) * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, step / est_steps))))
            for g in opt.param_groups:
                g['lr'] = lr
            idx, pos, tgt = batch_of(train, indices)
            hidden = model.hidden(idx)
            logits = model.logits_at(hidden.reshape(-1, hidden.shape[-1])[pos])
            loss = F.cross_entropy(logits.float(), tgt)
            model.zero_grad(set_to_none=True)
            loss.backward()
            for pm, pb in zip(master.parameters(), model.parameters()):
                pm.grad = pb.grad.float()
            torch.nn.utils.clip_grad_norm_(master.parameters(), 1.0)
            opt.step()
            with torch.no_grad():
                for pm, pb in zip(master.parameters(), model.parameters()):
                    pb.copy_(pm)
            state['step'] += 1
            state['tokens'] += int(idx.numel())
            state['learned'] += int(tgt.numel())
            now = time.time()
            state['seconds'] = base_seconds + (now - started)
            if step % 20 == 0:
                log(args.out, f'step {step} tokens {state["tokens"] / 1e6:.2f}M loss {loss.item():.4f} lr {lr:.2e} '
                              f'batch {idx.shape[0]}x{idx.shape[1]} {state["tokens"] / max(state["seconds"], 1):.0f} tok/s')
            if now - last_ckpt > args.checkpoint_minutes * 60:
                save(args.out, master, opt, state)
                last_ckpt = now
            if now - last_eval > args.eval_minutes * 60:
                results = evaluate(model, held, args.eval_per_family, args.budget)
                with open(os.path.join(args.out, 'curve.jsonl'), 'a') as f:
                    f.write(json.dumps(dict(step=state['step'], tokens=state['tokens'], learned=state['learned'],
                                            seconds=round(state['seconds']), loss=round(loss.item(), 4), heldout=results)) + '\n')
                summary = ' '.join(f'{k}={v["conversations"]:.2f}' for k, v in results.items())
                log(args.out, f'held-out conversations right: {summary}')
                last_eval = time.time()
            if args.stop_after_minutes and now - started > args.stop_after_minutes * 60:
                save(args.out, master, opt, state)
                log(args.out, 'stopping (time limit); resume with --resume')
                return
            if state['tokens'] >= args.tokens:
                break
    save(args.out, master, opt, state)
    results = evaluate(model, held, 10_000, args.budget)
    with open(os.path.join(args.out, 'curve.jsonl'), 'a') as f:
        f.write(json.dumps(dict(step=state['step'], tokens=state['tokens'], learned=state['learned'],
                                seconds=round(state['seconds']), loss=round(loss.item(), 4), heldout=results, final=True)) + '\n')
    log(args.out, 'done')


if __name__ == '__main__':
    sys.exit(main())
