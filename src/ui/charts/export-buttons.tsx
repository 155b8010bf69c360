/**
 * "Export SVG" / "Export PNG" for a chart or diagram, and a line on the page saying what was saved (or why not),
 * so an export never happens silently.
 */
import type { ReactNode, RefObject } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../engine';
import { useT } from '../../i18n';
import { downloadBlob } from '../download';
import { pngBlob, svgFile } from './export';

export interface ExportButtonsProps {
  readonly svg: RefObject<SVGSVGElement | null>;
  /** The file name without its extension. */
  readonly fileStem: string;
  /** Names the picture in the buttons' accessible names ("Export SVG of the token chart": the visible text first, WCAG 2.5.3). */
  readonly what: string;
  /** Pixels per SVG unit in the file (charts are laid out in ems: 16; a diagram drawn in pixels: 1). */
  readonly pxPerUnit?: number;
  /** More export buttons of the caller's own (e.g. Mermaid), given the function that confirms a save. */
  readonly extra?: (confirm: (fileName: string) => void) => ReactNode;
}

type Said = { readonly kind: 'saved'; readonly fileName: string } | { readonly kind: 'failed'; readonly error: string };

export function ExportButtons({ svg, fileStem, what, pxPerUnit, extra }: ExportButtonsProps) {
  const { t } = useT('charts');
  const [said, setSaid] = useState<Said | null>(null);
  const confirm = (fileName: string) => setSaid({ kind: 'saved', fileName });

  const exportSvg = () => {
    if (!svg.current) return;
    const fileName = `${fileStem}.svg`;
    downloadBlob(fileName, new Blob([svgFile(svg.current, pxPerUnit).markup], { type: 'image/svg+xml' }));
    confirm(fileName);
  };
  const exportPng = async () => {
    if (!svg.current) return;
    const fileName = `${fileStem}.png`;
    try {
      downloadBlob(fileName, await pngBlob(svgFile(svg.current, pxPerUnit)));
      confirm(fileName);
    } catch (error) {
      setSaid({ kind: 'failed', error: errorMessage(error) });
    }
  };

  return (
    <div className="chart-export" role="group" aria-label={t('exportGroup', { what })}>
      <button type="button" className="button" aria-label={t('exportSvgOf', { what })} onClick={exportSvg}>
        {t('exportSvg')}
      </button>
      <button type="button" className="button" aria-label={t('exportPngOf', { what })} onClick={() => void exportPng()}>
        {t('exportPng')}
      </button>
      {extra?.(confirm)}
      <span className="small chart-export-said" role="status" data-testid="export-said">
        {said?.kind === 'saved' && t('saved', { fileName: said.fileName })}
        {said?.kind === 'failed' && t('exportFailed', { error: said.error })}
      </span>
    </div>
  );
}
