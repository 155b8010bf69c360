/**
 * The run's sequence diagram drawn as SVG from React elements (no innerHTML: every label is a text node), with
 * Mermaid and SVG export. Untrusted text (model output, tool results) only ever lands in text nodes.
 */
import { useMemo, useRef, useState } from 'react';
import type { SequenceDiagram as Diagram, SequenceMessage } from '../../engine/advisors/sequence';
import { toMermaid } from '../../engine/advisors/sequence';
import { downloadText } from '../download';

const COL = 178;
const HEAD = 46;
const ROW = 30;
const PAD = 12;

export function SequenceDiagramView({ diagram, fileStem }: { readonly diagram: Diagram; readonly fileStem: string }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [showText, setShowText] = useState(false);
  const mermaid = useMemo(() => toMermaid(diagram), [diagram]);
  const x = useMemo(() => {
    const map = new Map<string, number>();
    diagram.participants.forEach((p, i) => map.set(p.id, PAD + i * COL + COL / 2));
    return map;
  }, [diagram]);
  const width = PAD * 2 + diagram.participants.length * COL;
  const height = HEAD + (diagram.messages.length + 1) * ROW + PAD;

  const exportSvg = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const text = new XMLSerializer().serializeToString(svg);
    downloadText(`${fileStem}.svg`, `<?xml version="1.0" encoding="UTF-8"?>\n${text}`, 'image/svg+xml');
  };

  if (diagram.messages.length === 0) {
    return <p className="muted">The sequence diagram appears once the run has started.</p>;
  }
  return (
    <div className="advisors-sequence">
      <div className="advisors-toolbar">
        <button type="button" className="button" aria-expanded={showText} onClick={() => setShowText((v) => !v)}>
          {showText ? 'Hide Mermaid' : 'Show Mermaid'}
        </button>
        <button type="button" className="button" onClick={() => downloadText(`${fileStem}.mmd`, mermaid, 'text/plain')}>
          Export Mermaid
        </button>
        <button type="button" className="button" onClick={exportSvg}>
          Export SVG
        </button>
      </div>
      {showText && (
        <textarea
          className="advisors-mermaid"
          aria-label="Mermaid text of the sequence diagram"
          data-testid="mermaid-text"
          readOnly
          value={mermaid}
          rows={Math.min(18, mermaid.split('\n').length)}
        />
      )}
      {/* Focusable so the keyboard can scroll a wide diagram. */}
      <div className="advisors-sequence-scroll" tabIndex={0} role="region" aria-label="Sequence diagram, scrollable">
        <svg
          ref={svgRef}
          xmlns="http://www.w3.org/2000/svg"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={`Sequence diagram: ${diagram.messages.length} messages between ${diagram.participants.map((p) => p.label).join(', ')}`}
          fontFamily="system-ui, sans-serif"
          fontSize="11"
        >
          <defs>
            <marker
              id="seq-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill="#1b1f24" />
            </marker>
          </defs>
          <rect x="0" y="0" width={width} height={height} fill="#ffffff" />
          {diagram.participants.map((p) => {
            const cx = x.get(p.id)!;
            return (
              <g key={p.id}>
                <line x1={cx} y1={HEAD - 6} x2={cx} y2={height - PAD} stroke="#c5ccd6" strokeDasharray="4 4" />
                <rect
                  x={cx - COL / 2 + 6}
                  y={6}
                  width={COL - 12}
                  height={HEAD - 14}
                  rx="6"
                  fill={FILL[p.kind]}
                  stroke="#8a94a3"
                />
                <text x={cx} y={HEAD / 2 + 1} textAnchor="middle" fontWeight="600">
                  {clipTo(p.label, 27)}
                  <title>{p.label}</title>
                </text>
              </g>
            );
          })}
          {diagram.messages.map((m, i) => (
            <MessageRow key={i} message={m} y={HEAD + (i + 1) * ROW} x={x} />
          ))}
        </svg>
      </div>
    </div>
  );
}

const FILL: Record<Diagram['participants'][number]['kind'], string> = {
  user: '#e8eefc',
  advisor: '#f3f5f8',
  loop: '#fff4e0',
  harness: '#fff4e0',
  model: '#e6f4ea',
  tools: '#fdecea',
};

function MessageRow({
  message,
  y,
  x,
}: {
  readonly message: SequenceMessage;
  readonly y: number;
  readonly x: Map<string, number>;
}) {
  const x1 = x.get(message.from)!;
  const x2 = x.get(message.to)!;
  if (message.arrow === 'note') {
    return (
      <g>
        <rect x={x1 - COL / 2 + 4} y={y - 16} width={COL - 8} height={20} fill="#fffbe6" stroke="#d8c27a" />
        <text x={x1} y={y - 2} textAnchor="middle">
          {clipTo(message.label, 28)}
          <title>{message.label}</title>
        </text>
      </g>
    );
  }
  const dash = message.arrow === 'response' ? '5 3' : undefined;
  if (x1 === x2) {
    return (
      <g>
        <path
          d={`M${x1},${y - 10} h26 v12 h-24`}
          fill="none"
          stroke="#1b1f24"
          strokeDasharray={dash}
          markerEnd="url(#seq-arrow)"
        />
        <text x={x1 + 30} y={y - 2}>
          {clipTo(message.label, 26)}
          <title>{message.label}</title>
        </text>
      </g>
    );
  }
  const room = Math.max(18, Math.floor(Math.abs(x2 - x1) / 6));
  return (
    <g>
      <line x1={x1} y1={y} x2={x2} y2={y} stroke="#1b1f24" strokeDasharray={dash} markerEnd="url(#seq-arrow)" />
      <text x={(x1 + x2) / 2} y={y - 5} textAnchor="middle">
        {clipTo(message.label, room)}
        <title>{message.label}</title>
      </text>
    </g>
  );
}

function clipTo(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
