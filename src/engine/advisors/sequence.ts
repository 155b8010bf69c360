/**
 * The sequence diagram of a run (User ↔ Advisors ↔ Model ↔ Tools), built from the event log, and its Mermaid
 * export. Each hook is an arrow from whoever had control to the advisor (a self-arrow when it already had it);
 * model calls and tool calls are arrows to the Model and Tools lifelines. A manual run has one "Manual loop"
 * participant in place of the advisors.
 */
import type { LoopEvent } from '../loop/events';
import { clip } from './chain';
import { formatOrderShort } from './order';
import type { ActivityScope } from './projections';
import { eventsInScope } from './projections';
import type { AdvisorKind } from './types';
import { assertNever } from '../result';
import { runEndDetailEnglish } from '../loop/run-end-details';

export type ParticipantKind = 'user' | 'advisor' | 'loop' | 'harness' | 'model' | 'tools';

export interface SequenceParticipant {
  readonly id: string;
  readonly label: string;
  readonly kind: ParticipantKind;
  readonly order?: number;
}

export type SequenceArrow = 'request' | 'response' | 'note';

export interface SequenceMessage {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  readonly arrow: SequenceArrow;
}

export interface SequenceDiagram {
  readonly participants: readonly SequenceParticipant[];
  readonly messages: readonly SequenceMessage[];
}

const RESPONSE_HOOKS = new Set(['after', 'after-call', 'finalize-loop', 'validate']);

export function sequenceDiagram(events: readonly LoopEvent[], scope: ActivityScope = 'run'): SequenceDiagram {
  const scoped = eventsInScope(events, scope);
  const advisors = new Map<string, { kind: AdvisorKind; order: number }>();
  for (const e of scoped) {
    if (e.type === 'advisor-chain') for (const a of e.advisors) if (!advisors.has(a.name)) advisors.set(a.name, a);
    if (e.type === 'advisor-invoked' && !advisors.has(e.advisor))
      advisors.set(e.advisor, { kind: e.kind, order: e.order });
  }
  const participants: SequenceParticipant[] = [{ id: 'user', label: 'User', kind: 'user' }];
  const ids = new Map<string, string>();
  [...advisors.entries()]
    .sort((a, b) => a[1].order - b[1].order)
    .forEach(([name, a], i) => {
      const id = `a${i + 1}`;
      ids.set(name, id);
      participants.push({
        id,
        label: `${name} (${formatOrderShort(a.order)})`,
        kind: a.kind === 'tool-calling' ? 'loop' : 'advisor',
        order: a.order,
      });
    });
  const manual = advisors.size === 0;
  if (manual) participants.push({ id: 'harness', label: 'Manual loop (you)', kind: 'harness' });
  participants.push({ id: 'model', label: 'Model', kind: 'model' }, { id: 'tools', label: 'Tools', kind: 'tools' });

  const messages: SequenceMessage[] = [];
  let current = 'user';
  let pendingUser: string | null = null;
  let pendingResponse: string | null = null;
  const arrow = (to: string, label: string, kind: SequenceArrow) => {
    let text = label;
    if (current === 'user' && pendingUser !== null) {
      text = `${pendingUser} · ${label}`;
      pendingUser = null;
    }
    if (current === 'model' && pendingResponse !== null) {
      text = `${pendingResponse} · ${label}`;
      pendingResponse = null;
      kind = 'response';
    }
    messages.push({ from: current, to, label: text, arrow: kind });
    current = to;
  };
  /** In a manual run the harness takes the model's response before doing anything with it. */
  const leaveModel = () => {
    if (current === 'model' && manual) arrow('harness', 'response', 'response');
  };

  for (const event of scoped) {
    switch (event.type) {
      case 'user-message':
        current = 'user';
        pendingUser = `user message "${clip(event.content, 40)}"`;
        if (manual) arrow('harness', 'send', 'request');
        break;
      case 'advisor-invoked': {
        const id = ids.get(event.advisor)!;
        arrow(
          id,
          `${event.hook}: ${clip(event.sees.summary, 70)}`,
          RESPONSE_HOOKS.has(event.hook) ? 'response' : 'request',
        );
        break;
      }
      case 'model-called':
        arrow(
          'model',
          `model call ${event.round} (${event.messageCount} messages, ${event.toolNames.length} tools)`,
          'request',
        );
        break;
      case 'model-responded':
        pendingResponse =
          event.calls.length > 0
            ? `round ${event.round} → tool calls ${event.calls.map((c) => `${c.id} ${c.name}`).join(', ')}`
            : `round ${event.round} → ${event.stop.derived}: "${clip(event.message.content, 40)}"`;
        leaveModel();
        break;
      case 'model-failed':
        pendingResponse = `round ${event.round} failed: ${clip(event.error, 50)}`;
        leaveModel();
        break;
      case 'tools-paused':
        leaveModel();
        messages.push({
          from: current,
          to: current,
          label: `paused for approval: ${event.callIds.join(', ')}`,
          arrow: 'note',
        });
        break;
      case 'call-decided':
        if (event.decision.kind !== 'approve') {
          messages.push({
            from: current,
            to: current,
            label: `${event.callId}: ${event.decision.kind}`,
            arrow: 'note',
          });
        }
        break;
      case 'call-finished': {
        leaveModel();
        const o = event.outcome;
        const back = current;
        messages.push({
          from: back,
          to: 'tools',
          label: `tool call ${o.callId} ${o.name}(${clip(o.argumentsText, 40)})`,
          arrow: 'request',
        });
        messages.push({
          from: 'tools',
          to: back,
          label:
            o.kind === 'result'
              ? `${o.callId} result: ${clip(o.result.text, 40)}${o.result.isError ? ' (is_error)' : ''}`
              : `${o.callId} stopped the loop: ${clip(o.error, 40)}`,
          arrow: 'response',
        });
        break;
      }
      case 'run-finished': {
        leaveModel();
        const answer =
          event.finalAnswer !== undefined
            ? `: "${clip(event.finalAnswer, 50)}"`
            : event.detail
              ? `: ${clip(runEndDetailEnglish(event.detail), 50)}`
              : '';
        arrow('user', `${event.reason}${answer}`, 'response');
        break;
      }
      case 'calls-reopened':
        messages.push({
          from: current,
          to: current,
          label: `reopened for a decision before the next user message: ${event.callIds.join(', ')}`,
          arrow: 'note',
        });
        break;
      case 'interrupted':
        current = current === 'model' ? (manual ? 'harness' : current) : current;
        messages.push({
          from: current,
          to: current,
          label:
            event.what === 'model-call'
              ? `reload: model call ${event.round} interrupted`
              : 'reload: tool batch interrupted',
          arrow: 'note',
        });
        break;
      case 'fault-injected':
        messages.push({
          from: current,
          to: current,
          label: `${event.callId}: injected ${event.fault.kind}`,
          arrow: 'note',
        });
        break;
      case 'guard-tripped':
        messages.push({
          from: current,
          to: current,
          label: `loop guard ${event.guard}: ${event.level === 'warn' ? 'asks the model to answer now' : 'stops the loop'}`,
          arrow: 'note',
        });
        break;
      case 'result-id-set':
        messages.push({
          from: current,
          to: current,
          label: `${event.callId}: result sent as ${event.sentId ?? '(no id)'}`,
          arrow: 'note',
        });
        break;
      case 'run-started':
      case 'settings-changed':
      case 'results-appended':
      case 'call-started':
      case 'execution-event': // inside a call: the diagram shows the call and its result
      case 'advisor-chain':
      case 'workspace-changed':
      case 'prediction-made':
        break;
      default:
        return assertNever(event);
    }
  }
  return { participants, messages };
}

/** Mermaid's text escapes: `#` and `;` break a message, `<`/`>` could be read as HTML. */
function mermaidText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/#/g, '#35;')
    .replace(/;/g, '#59;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;');
}

/** The diagram as Mermaid `sequenceDiagram` text. */
export function toMermaid(diagram: SequenceDiagram): string {
  const lines = ['sequenceDiagram'];
  for (const p of diagram.participants) {
    lines.push(`    ${p.kind === 'user' ? 'actor' : 'participant'} ${p.id} as ${mermaidText(p.label)}`);
  }
  for (const m of diagram.messages) {
    if (m.arrow === 'note') {
      lines.push(`    Note over ${m.from}: ${mermaidText(m.label)}`);
    } else {
      lines.push(`    ${m.from}${m.arrow === 'response' ? '-->>' : '->>'}${m.to}: ${mermaidText(m.label)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
