/**
 * Where each round's time went, one strip per model call on a shared time axis: time to first token, decode (or
 * the time a person spent writing the turn, hatched: not a model latency), the wait at a pause, each tool's run.
 * Plain SVG in ems (see chart-box.ts), exportable.
 */
import { useId, useRef } from 'react';
import type { RoundTimeline, SpanKind, TimelineSpan } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { textWidth, useChartWidth } from './chart-box';
import { ExportButtons } from './export-buttons';
import type { ChartColors } from '../theme/tokens';
import { useChartColors } from '../theme/tokens';

/** Each span's colour for the theme in use (the design tokens of app.css, through ui/theme/tokens.ts). */
function spanColors(c: ChartColors): Readonly<Record<SpanKind | 'tool-error', string>> {
  return {
    'first-token': c.bar.tools,
    decode: c.bar.history,
    authored: c.bar.completion,
    failed: c.failed,
    pause: c.pause,
    tool: c.bar.new,
    'tool-error': c.failed,
  };
}
const ROW = 1.9;
const BAR = 1.2;
const LEFT = 5;

function colorOf(span: TimelineSpan, colors: Readonly<Record<SpanKind | 'tool-error', string>>): string {
  return span.kind === 'tool' && span.isError ? colors['tool-error'] : colors[span.kind];
}

export function TimelineStrip({ rounds }: { readonly rounds: readonly RoundTimeline[] }) {
  const { t } = useT('metrics');
  const format = useFormat();
  const [box, width] = useChartWidth<HTMLDivElement>();
  const svg = useRef<SVGSVGElement>(null);
  const colors = useChartColors();
  const spans = spanColors(colors);
  const hatch = `hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const kinds = (['first-token', 'decode', 'authored', 'pause', 'tool', 'failed'] as const).filter((k) =>
    rounds.some((r) => r.spans.some((s) => s.kind === k)),
  );
  const legend: { kind: SpanKind; label: string; x: number; y: number }[] = [];
  let lx = 0;
  let ly = 1;
  for (const kind of kinds) {
    const label = t(`spans.${kind}`);
    const w = 1.4 + textWidth(label, 0.85) + 1.2;
    if (lx > 0 && lx + w > width) {
      lx = 0;
      ly += 1.4;
    }
    legend.push({ kind, label, x: lx, y: ly });
    lx += w;
  }
  const top = ly + 1.2;
  const height = top + rounds.length * ROW + 2.2;
  const maxMs = Math.max(1, ...rounds.map((r) => r.totalMs));
  const plotWidth = width - LEFT - 0.5;
  const x = (ms: number) => LEFT + (ms / maxMs) * plotWidth;
  const spanLabel = (span: TimelineSpan) =>
    span.kind === 'tool' ? `${span.name} (${span.callId})` : t(`spans.${span.kind}`);
  const description = t('timeline.description', {
    count: rounds.length,
    totals: rounds.map((r) => format.duration(r.totalMs)).join(', '),
  });

  return (
    <figure className="chart" ref={box}>
      <svg
        ref={svg}
        className="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={description}
        data-testid="timeline-strip"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, 'Tool Loop Hangul', sans-serif"
        fontSize="0.85"
      >
        <defs>
          <pattern id={hatch} width="0.5" height="0.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="0.5" height="0.5" fill={spans.authored} />
            <line x1="0" y1="0" x2="0" y2="0.5" stroke={colors.bg} strokeWidth="0.18" />
          </pattern>
        </defs>
        <rect x="0" y="0" width={width} height={height} fill={colors.bg} />
        {legend.map((item) => (
          <g key={item.kind}>
            <rect
              x={item.x}
              y={item.y - 0.75}
              width={1}
              height={0.8}
              fill={item.kind === 'authored' ? `url(#${hatch})` : spans[item.kind]}
            />
            <text x={item.x + 1.3} y={item.y} fill={colors.ink}>
              {item.label}
            </text>
          </g>
        ))}
        {rounds.map((round, i) => {
          const rowY = top + i * ROW;
          return (
            <g key={round.round} data-testid={`timeline-round-${round.round}`}>
              <text x={0} y={rowY + BAR / 2 + 0.3} fill={colors.ink}>
                {t('timeline.round', { round: round.round })}
              </text>
              <line
                x1={LEFT}
                x2={width - 0.5}
                y1={rowY + BAR / 2}
                y2={rowY + BAR / 2}
                stroke={colors.subtle}
                strokeWidth={0.05}
              />
              {round.spans.map((span, j) => {
                const w = Math.max(0.15, x(span.startMs + span.ms) - x(span.startMs));
                const label = spanLabel(span);
                return (
                  <g key={j} data-kind={span.kind}>
                    <rect
                      x={x(span.startMs)}
                      y={rowY}
                      width={w}
                      height={BAR}
                      fill={span.kind === 'authored' ? `url(#${hatch})` : colorOf(span, spans)}
                      stroke={colors.bg}
                      strokeWidth={0.04}
                    >
                      <title>
                        {t('timeline.spanTitle', {
                          round: round.round,
                          what: label,
                          duration: format.duration(span.ms),
                        })}
                      </title>
                    </rect>
                    {textWidth(label, 0.7) < w - 0.2 && (
                      <text x={x(span.startMs) + 0.15} y={rowY + BAR / 2 + 0.25} fill={colors.onBar} fontSize="0.7">
                        {label}
                      </text>
                    )}
                  </g>
                );
              })}
            </g>
          );
        })}
        {[0, maxMs / 2, maxMs].map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={top - 0.3} y2={height - 1.6} stroke={colors.grid} strokeWidth={0.05} />
            <text
              x={x(tick)}
              y={height - 0.6}
              textAnchor={tick === 0 ? 'start' : tick === maxMs ? 'end' : 'middle'}
              fill={colors.ink}
              fontSize="0.75"
            >
              {format.duration(tick)}
            </text>
          </g>
        ))}
      </svg>
      <ExportButtons svg={svg} fileStem="round-timeline" what={t('timeline.what')} />
    </figure>
  );
}
