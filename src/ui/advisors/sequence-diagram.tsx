/**
 * The run's sequence diagram drawn as SVG from React elements (no innerHTML: every label is a text node), with
 * Mermaid, SVG and PNG export (each confirmed on the page). Inline, labels are clipped to their column (the full
 * text is in each label's tooltip); "Full screen" opens it in a dialog where columns are as wide as their
 * participants' names, labels wrap instead of being clipped, and the drawing scales to show every lifeline.
 * Untrusted text (model output, tool results) only ever lands in text nodes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SequenceDiagram as Diagram, SequenceMessage } from '../../engine';
import { toMermaid } from '../../engine';
import { useT } from '../../i18n';
import { ExportButtons } from '../charts/export-buttons';
import { downloadText } from '../download';
import type { ChartColors } from '../theme/tokens';
import { useChartColors } from '../theme/tokens';

const COL = 178;
/** Inline, a column narrows to fit the inspector down to this; below it the drawing is scaled to the width. */
const MIN_COL = 104;
const HEAD = 46;
const ROW = 30;
const LINE = 13;
const PAD = 12;
/** About how wide a character of the 11 px labels is, in pixels. */
const CHAR = 6.2;

type Mode = 'inline' | 'full';

interface Layout {
  readonly width: number;
  readonly height: number;
  readonly col: number;
  readonly x: ReadonlyMap<string, number>;
  /** Per message: its baseline and its label's lines. */
  readonly rows: readonly { readonly y: number; readonly lines: readonly string[] }[];
  readonly heads: readonly { readonly id: string; readonly lines: readonly string[] }[];
  readonly headHeight: number;
}

/**
 * Inline the columns share `fitWidth` (the inspector's width) between MIN_COL and COL, so every lifeline is in view;
 * a diagram with more lifelines than fit at MIN_COL is scaled down to the width (app CSS), the full screen shows it
 * at its natural size.
 */
function layout(diagram: Diagram, mode: Mode, fitWidth?: number): Layout {
  const full = mode === 'full';
  const longestName = Math.max(0, ...diagram.participants.map((p) => p.label.length));
  const share =
    fitWidth === undefined ? COL : Math.floor((fitWidth - PAD * 2) / Math.max(1, diagram.participants.length));
  const col = full ? Math.max(COL, Math.min(320, longestName * CHAR + 28)) : Math.max(MIN_COL, Math.min(COL, share));
  const x = new Map<string, number>();
  diagram.participants.forEach((p, i) => x.set(p.id, PAD + i * col + col / 2));
  const heads = diagram.participants.map((p) => ({
    id: p.id,
    lines: full ? wrap(p.label, Math.floor((col - 20) / CHAR)) : [clipTo(p.label, Math.floor((col - 20) / CHAR))],
  }));
  const headHeight = HEAD + (Math.max(1, ...heads.map((h) => h.lines.length)) - 1) * LINE;
  const rows: { y: number; lines: string[] }[] = [];
  let y = headHeight + ROW;
  for (const m of diagram.messages) {
    const room = roomFor(m, x, col);
    const lines = full ? wrap(m.label, room) : [clipTo(m.label, room)];
    y += (lines.length - 1) * LINE;
    rows.push({ y, lines });
    y += ROW;
  }
  return { width: PAD * 2 + diagram.participants.length * col, height: y + PAD, col, x, rows, heads, headHeight };
}

/** Characters a message's label has room for: its arrow's span, a note's or a self-call's column. */
function roomFor(m: SequenceMessage, x: ReadonlyMap<string, number>, col: number): number {
  const x1 = x.get(m.from)!;
  const x2 = x.get(m.to)!;
  if (m.arrow === 'note') return Math.floor((col - 12) / CHAR);
  if (x1 === x2) return Math.floor((col - 34) / CHAR);
  return Math.max(18, Math.floor(Math.abs(x2 - x1) / CHAR));
}

export function SequenceDiagramView({ diagram, fileStem }: { readonly diagram: Diagram; readonly fileStem: string }) {
  const { t } = useT('advisors');
  const svgRef = useRef<SVGSVGElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [showText, setShowText] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const mermaid = useMemo(() => toMermaid(diagram), [diagram]);
  const fitWidth = useWidth(scrollRef);

  if (diagram.messages.length === 0) {
    return <p className="muted">{t('sequence.empty')}</p>;
  }
  return (
    <div className="advisors-sequence">
      <div className="advisors-toolbar">
        <button type="button" className="button" onClick={() => setFullScreen(true)}>
          {t('sequence.fullScreen')}
        </button>
        <button type="button" className="button" aria-expanded={showText} onClick={() => setShowText((v) => !v)}>
          {showText ? t('sequence.hideMermaid') : t('sequence.showMermaid')}
        </button>
      </div>
      <ExportButtons
        svg={svgRef}
        fileStem={fileStem}
        what={t('sequence.what')}
        pxPerUnit={1}
        extra={(confirm) => (
          <button
            type="button"
            className="button"
            onClick={() => {
              downloadText(`${fileStem}.mmd`, mermaid, 'text/plain');
              confirm(`${fileStem}.mmd`);
            }}
          >
            {t('sequence.exportMermaid')}
          </button>
        )}
      />
      {showText && (
        <textarea
          className="advisors-mermaid"
          aria-label={t('sequence.mermaidLabel')}
          data-testid="mermaid-text"
          readOnly
          value={mermaid}
          rows={Math.min(18, mermaid.split('\n').length)}
        />
      )}
      {/* Focusable so the keyboard can scroll a wide diagram. */}
      <div
        ref={scrollRef}
        className="advisors-sequence-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('sequence.scrollLabel')}
      >
        <DiagramSvg diagram={diagram} mode="inline" svgRef={svgRef} {...(fitWidth ? { fitWidth } : {})} />
      </div>
      {fullScreen && <FullScreen diagram={diagram} fileStem={fileStem} onClose={() => setFullScreen(false)} />}
    </div>
  );
}

function FullScreen({
  diagram,
  fileStem,
  onClose,
}: {
  readonly diagram: Diagram;
  readonly fileStem: string;
  readonly onClose: () => void;
}) {
  const { t } = useT('advisors');
  const ref = useRef<HTMLDialogElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className="full-screen-dialog"
      aria-labelledby="sequence-full-title"
      onClose={onClose}
      data-testid="sequence-full-screen"
    >
      <div className="full-screen-head">
        <h2 id="sequence-full-title">{t('sequence.title')}</h2>
        <ExportButtons svg={svgRef} fileStem={fileStem} what={t('sequence.what')} pxPerUnit={1} />
        <button type="button" className="button" onClick={() => ref.current?.close()}>
          {t('sequence.close')}
        </button>
      </div>
      <div className="full-screen-body">
        <DiagramSvg diagram={diagram} mode="full" svgRef={svgRef} />
      </div>
    </dialog>
  );
}

/** The element's content width, followed as it changes (0 until measured). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function DiagramSvg({
  diagram,
  mode,
  svgRef,
  fitWidth,
}: {
  readonly diagram: Diagram;
  readonly mode: Mode;
  readonly svgRef: React.RefObject<SVGSVGElement | null>;
  readonly fitWidth?: number;
}) {
  const { t } = useT('advisors');
  const l = useMemo(() => layout(diagram, mode, fitWidth), [diagram, mode, fitWidth]);
  const colors = useChartColors();
  const arrowId = `seq-arrow-${mode}`;
  return (
    <svg
      ref={svgRef}
      className={mode === 'full' ? 'sequence-svg-full' : 'sequence-svg-inline'}
      xmlns="http://www.w3.org/2000/svg"
      width={l.width}
      height={l.height}
      viewBox={`0 0 ${l.width} ${l.height}`}
      role="img"
      aria-label={t('sequence.label', {
        count: diagram.messages.length,
        participants: diagram.participants.map((p) => p.label).join(', '),
      })}
      data-testid={`sequence-svg-${mode}`}
      fontFamily="system-ui, 'Tool Loop Hangul', sans-serif"
      fontSize="11"
      fill={colors.ink}
    >
      <defs>
        <marker
          id={arrowId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={colors.ink} />
        </marker>
      </defs>
      <rect x="0" y="0" width={l.width} height={l.height} fill={colors.bg} />
      {diagram.participants.map((p, i) => {
        const cx = l.x.get(p.id)!;
        const lines = l.heads[i]!.lines;
        return (
          <g key={p.id} data-testid="sequence-lifeline">
            <line
              x1={cx}
              y1={l.headHeight - 6}
              x2={cx}
              y2={l.height - PAD}
              stroke={colors.seq.line}
              strokeDasharray="4 4"
            />
            <rect
              x={cx - l.col / 2 + 6}
              y={6}
              width={l.col - 12}
              height={l.headHeight - 14}
              rx="6"
              fill={fillOf(colors, p.kind)}
              stroke={colors.seq.boxLine}
            />
            <text x={cx} y={(l.headHeight - (lines.length - 1) * LINE) / 2 + 1} textAnchor="middle" fontWeight="600">
              <Lines lines={lines} x={cx} />
              <title>{p.label}</title>
            </text>
          </g>
        );
      })}
      {diagram.messages.map((m, i) => (
        <MessageRow key={i} message={m} row={l.rows[i]!} x={l.x} col={l.col} arrowId={arrowId} colors={colors} />
      ))}
    </svg>
  );
}

/** A lifeline's box colour by what it is (the design tokens `--seq-*`). */
function fillOf(colors: ChartColors, kind: Diagram['participants'][number]['kind']): string {
  return kind === 'harness' ? colors.seq.loop : colors.seq[kind];
}

/** A label's lines as tspans: the first on the text's baseline, the rest below it. */
function Lines({ lines, x }: { readonly lines: readonly string[]; readonly x: number }) {
  return (
    <>
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : LINE}>
          {line}
        </tspan>
      ))}
    </>
  );
}

function MessageRow({
  message,
  row,
  x,
  col,
  arrowId,
  colors,
}: {
  readonly message: SequenceMessage;
  readonly row: { readonly y: number; readonly lines: readonly string[] };
  readonly x: ReadonlyMap<string, number>;
  readonly col: number;
  readonly arrowId: string;
  readonly colors: ChartColors;
}) {
  const x1 = x.get(message.from)!;
  const x2 = x.get(message.to)!;
  const { y, lines } = row;
  const above = (lines.length - 1) * LINE;
  if (message.arrow === 'note') {
    return (
      <g>
        <rect
          x={x1 - col / 2 + 4}
          y={y - 16 - above}
          width={col - 8}
          height={20 + above}
          fill={colors.seq.note}
          stroke={colors.seq.noteLine}
        />
        <text x={x1} y={y - 2 - above} textAnchor="middle">
          <Lines lines={lines} x={x1} />
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
          stroke={colors.ink}
          strokeDasharray={dash}
          markerEnd={`url(#${arrowId})`}
        />
        <text x={x1 + 30} y={y - 2 - above}>
          <Lines lines={lines} x={x1 + 30} />
          <title>{message.label}</title>
        </text>
      </g>
    );
  }
  return (
    <g>
      <line x1={x1} y1={y} x2={x2} y2={y} stroke={colors.ink} strokeDasharray={dash} markerEnd={`url(#${arrowId})`} />
      <text x={(x1 + x2) / 2} y={y - 5 - above} textAnchor="middle">
        <Lines lines={lines} x={(x1 + x2) / 2} />
        <title>{message.label}</title>
      </text>
    </g>
  );
}

function clipTo(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Breaks a label into lines of at most `max` characters, at spaces where it can (a long word is cut). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > max) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, max));
      rest = rest.slice(max);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= max) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}
