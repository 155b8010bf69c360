/**
 * Exports a chart drawn as SVG: the SVG markup itself (self-contained: colours are presentation attributes, the
 * font is named on the root, and the size is fixed in pixels), or a PNG drawn from it on a canvas at twice the
 * size, for slides. Labels are text nodes React wrote, so the markup carries no HTML from anywhere.
 */

import { tokenValue } from '../theme/tokens';

/** Pixels per chart unit in exports: charts are laid out in ems; 16 px is the browser's default em. */
export const EXPORT_PX_PER_UNIT = 16;

export interface ExportedSvg {
  readonly markup: string;
  readonly width: number;
  readonly height: number;
}

/** The SVG as a standalone file, sized in pixels from its viewBox. */
export function svgFile(svg: SVGSVGElement, pxPerUnit = EXPORT_PX_PER_UNIT): ExportedSvg {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const box = svg.viewBox.baseVal;
  const width = Math.ceil(box.width * pxPerUnit);
  const height = Math.ceil(box.height * pxPerUnit);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('class');
  clone.removeAttribute('style');
  const markup = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
  return { markup, width, height };
}

/** Draws the SVG on a canvas and encodes it as PNG. Rejects with a reason when the browser cannot. */
export async function pngBlob(
  { markup, width, height }: ExportedSvg,
  scale = 2,
  background = tokenValue('--chart-bg', '#ffffff'),
): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser gives no 2D canvas');
  // The picture's own background (its first rect, drawn with the theme's chart colour) shows through; white under it
  // only where the SVG leaves a gap.
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
  );
}
