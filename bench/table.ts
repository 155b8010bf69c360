/** A benchmark's result: a titled table printed side by side with the others. */
export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
  readonly notes?: readonly string[];
}

export function formatTable(table: BenchTable): string {
  const cells = [table.columns, ...table.rows.map((r) => r.map(String))];
  const widths = table.columns.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? '').length)));
  const line = (row: readonly (string | number)[]) =>
    row
      .map((cell, i) => String(cell).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [`## ${table.title}`, line(table.columns), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const row of table.rows) out.push(line(row));
  for (const note of table.notes ?? []) out.push(`  note: ${note}`);
  return out.join('\n');
}

/** Median of a list of numbers (the figure benches report, robust to one slow run). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
