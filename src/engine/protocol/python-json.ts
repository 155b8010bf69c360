/**
 * JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it — `", "` and `": "` separators — which is
 * what the models' chat templates produce with `| tojson`. Matching it keeps the prompt identical to the
 * official template's, so small models see the format they were trained on.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? formatNumber(value) : 'NaN';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

function formatNumber(n: number): string {
  // Python prints floats that are whole numbers with ".0" only when they were floats; JSON numbers from
  // schemas are ints in practice, so JavaScript's shortest form is the faithful choice here.
  return JSON.stringify(n);
}
