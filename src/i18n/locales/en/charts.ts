/** Exporting charts and diagrams (the Metrics charts, the sequence diagram). */
export const charts = {
  exportGroup: 'Export {{what}}',
  exportSvg: 'Export SVG',
  exportPng: 'Export PNG',
  exportSvgOf: 'Export SVG of {{what}}',
  exportPngOf: 'Export PNG of {{what}}',
  saved: 'Saved {{fileName}} to your downloads.',
  exportFailed: 'Could not export: {{error}}.',
};
