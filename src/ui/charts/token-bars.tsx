/**
 * Tokens per round as stacked bars — system prompt, tool definitions, history, new messages, completion — so the
 * prompt's growth with every iteration is seen at a glance. With tool search on, a dashed outline shows what the
 * round would have cost had every tool been sent: the saving is the gap. Plain SVG laid out in ems (see
 * chart-box.ts), every colour a presentation attribute so the export stands alone.
 */
import { useRef } from 'react';
import type { RoundTokens } from '../../engine';
import { useFormat, useT } from '../../i18n';
import { textWidth, useChartWidth } from './chart-box';
import { ExportButtons } from './export-buttons';
import { niceMax } from './scale';
import { useChartColors } from '../theme/tokens';

export type BarPart = 'system' | 'tools' | 'history' | 'new' | 'completion';

export const BAR_PARTS: readonly BarPart[] = ['system', 'tools', 'history', 'new', 'completion'];

/**
 * Each part's colour token (app.css; light, dark and projector values): distinguishable side by side and with dark
 * text on them (`--chart-on-bar`, AA at 12 px bold) where labels sit. HTML swatches use the token itself.
 */
export const BAR_TOKENS: Readonly<Record<BarPart, `--${string}`>> = {
  system: '--chart-system',
  tools: '--chart-tools',
  history: '--chart-history',
  new: '--chart-new',
  completion: '--chart-completion',
};
const PLOT_HEIGHT = 12;
const LEFT = 4;
const BOTTOM = 2.6;

export function TokenBars({ rounds }: { readonly rounds: readonly RoundTokens[] }) {
  const { t } = useT('metrics');
  const format = useFormat();
  const [box, width] = useChartWidth<HTMLDivElement>();
  const svg = useRef<SVGSVGElement>(null);
  const colors = useChartColors();
  const searchOn = rounds.some((r) => r.allTools !== undefined);
  const value = (r: RoundTokens, part: BarPart) => (part === 'completion' ? r.completion : r[part]);

  // Legend: one row of swatches, wrapped to the width.
  const legendItems = [
    ...BAR_PARTS.map((part) => ({ key: part, label: t(`parts.${part}`) })),
    ...(searchOn ? [{ key: 'all-tools', label: t('bars.everyTool') }] : []),
  ];
  const legend: { key: string; label: string; x: number; y: number }[] = [];
  let lx = 0;
  let ly = 1;
  for (const item of legendItems) {
    const w = 1.4 + textWidth(item.label, 0.85) + 1.2;
    if (lx > 0 && lx + w > width) {
      lx = 0;
      ly += 1.4;
    }
    legend.push({ ...item, x: lx, y: ly });
    lx += w;
  }
  const top = ly + 2.2;
  const height = top + PLOT_HEIGHT + BOTTOM;
  const total = (r: RoundTokens) => r.prompt + r.completion;
  const counterfactual = (r: RoundTokens) =>
    r.allTools === undefined ? 0 : r.system + r.allTools + r.history + r.new + r.completion;
  const max = niceMax(Math.max(1, ...rounds.map((r) => Math.max(total(r), counterfactual(r)))));
  const y = (tokens: number) => top + PLOT_HEIGHT - (tokens / max) * PLOT_HEIGHT;
  const plotWidth = width - LEFT - 0.5;
  const slot = plotWidth / Math.max(1, rounds.length);
  const barWidth = Math.min(5, slot * 0.62);
  const ticks = [0, max / 2, max];
  const description = t('bars.description', {
    count: rounds.length,
    totals: rounds.map((r) => `${format.number(r.prompt)} + ${format.number(r.completion)}`).join(', '),
  });

  return (
    <figure className="chart" ref={box}>
      <svg
        ref={svg}
        className="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={description}
        data-testid="token-bars"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, 'Tool Loop Hangul', sans-serif"
        fontSize="0.85"
      >
        <rect x="0" y="0" width={width} height={height} fill={colors.bg} />
        {legend.map((item) => (
          <g key={item.key}>
            {item.key === 'all-tools' ? (
              <rect
                x={item.x}
                y={item.y - 0.75}
                width={1}
                height={0.8}
                fill="none"
                stroke={colors.ink}
                strokeWidth={0.07}
                strokeDasharray="0.2 0.12"
              />
            ) : (
              <rect x={item.x} y={item.y - 0.75} width={1} height={0.8} fill={colors.bar[item.key as BarPart]} />
            )}
            <text x={item.x + 1.3} y={item.y} fill={colors.ink}>
              {item.label}
            </text>
          </g>
        ))}
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={width - 0.5} y1={y(tick)} y2={y(tick)} stroke={colors.grid} strokeWidth={0.05} />
            <text x={LEFT - 0.4} y={y(tick) + 0.3} textAnchor="end" fill={colors.ink}>
              {format.number(tick)}
            </text>
          </g>
        ))}
        <text x={0} y={top - 0.9} fill={colors.ink} fontSize="0.75">
          {t('bars.axis')}
        </text>
        {rounds.map((r, i) => {
          const x = LEFT + slot * i + (slot - barWidth) / 2;
          let base = 0;
          const cf = counterfactual(r);
          const peak = Math.max(total(r), cf);
          return (
            <g key={r.round} data-testid={`bar-round-${r.round}`}>
              {BAR_PARTS.map((part) => {
                const tokens = value(r, part);
                const from = base;
                base += tokens;
                if (tokens === 0) return null;
                const h = (tokens / max) * PLOT_HEIGHT;
                return (
                  <g key={part} data-part={part} data-tokens={tokens}>
                    <rect
                      x={x}
                      y={y(from + tokens)}
                      width={barWidth}
                      height={h}
                      fill={colors.bar[part]}
                      stroke={colors.bg}
                      strokeWidth={0.04}
                    >
                      <title>
                        {t('bars.segmentTitle', {
                          round: r.round,
                          part: t(`parts.${part}`),
                          tokens: format.number(tokens),
                        })}
                      </title>
                    </rect>
                    {h >= 1 && textWidth(format.number(tokens), 0.75) < barWidth - 0.2 && (
                      <text
                        x={x + barWidth / 2}
                        y={y(from + tokens / 2) + 0.28}
                        textAnchor="middle"
                        fill={colors.onBar}
                        fontSize="0.75"
                      >
                        {format.number(tokens)}
                      </text>
                    )}
                  </g>
                );
              })}
              {cf > 0 && (
                <rect
                  x={x - 0.15}
                  y={y(cf)}
                  width={barWidth + 0.3}
                  height={(cf / max) * PLOT_HEIGHT}
                  fill="none"
                  stroke={colors.ink}
                  strokeWidth={0.07}
                  strokeDasharray="0.3 0.18"
                  data-testid={`bar-all-tools-${r.round}`}
                >
                  <title>
                    {t('bars.everyToolTitle', {
                      round: r.round,
                      tokens: format.number(cf),
                      saved: format.number(cf - total(r)),
                    })}
                  </title>
                </rect>
              )}
              <text x={x + barWidth / 2} y={y(peak) - 0.35} textAnchor="middle" fill={colors.ink} fontWeight="600">
                {format.number(total(r))}
              </text>
              <text x={x + barWidth / 2} y={top + PLOT_HEIGHT + 1.1} textAnchor="middle" fill={colors.ink}>
                {r.round}
              </text>
            </g>
          );
        })}
        <line x1={LEFT} x2={width - 0.5} y1={y(0)} y2={y(0)} stroke={colors.ink} strokeWidth={0.06} />
        <text x={LEFT + plotWidth / 2} y={height - 0.3} textAnchor="middle" fill={colors.ink} fontSize="0.75">
          {t('bars.rounds')}
        </text>
      </svg>
      <ExportButtons svg={svg} fileStem="tokens-per-round" what={t('bars.what')} />
    </figure>
  );
}
