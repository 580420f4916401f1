import { reportActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof reportActionSchema>;

/** Items a report lists at most. */
const MAX_ITEMS = 1000;
/** Rows shown in the run's result; the artifact holds them all. */
const RESULT_ROWS = 50;

/** The columns of a catalog report, in order. */
const COLUMNS = ['name', 'type', 'namespace', 'health', 'status', 'id', 'created_at', 'updated_at'] as const;

type Row = Record<(typeof COLUMNS)[number], string>;

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function csvCell(v: string): string {
  // a cell a spreadsheet would run as a formula is quoted as text
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function render(format: 'csv' | 'json' | 'html', title: string, rows: Row[], at: string): string {
  if (format === 'json') return `${JSON.stringify({ title, generated_at: at, items: rows }, null, 2)}\n`;
  if (format === 'csv')
    return `${[COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(','))].join('\n')}\n`;
  const head = COLUMNS.map((c) => `<th>${c}</th>`).join('');
  const body = rows.map((r) => `<tr>${COLUMNS.map((c) => `<td>${escapeHtml(r[c])}</td>`).join('')}</tr>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1><p>${rows.length} config items, generated ${escapeHtml(at)}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></body></html>
`;
}

const CONTENT_TYPES = { csv: 'text/csv', json: 'application/json', html: 'text/html' } as const;

/**
 * A catalog report: the config items the selectors match (as far as the run's user may read the
 * catalog), kept as an artifact `report.<format>` (html by default, csv or json). The result
 * holds the title, the count and the first rows, so the run page shows what the file holds.
 */
export const reportAction: ActionType<Spec> = {
  type: 'report',
  schema: reportActionSchema,
  async run(spec, ctx) {
    const format = spec.format ?? 'html';
    const title = spec.title || 'Catalog report';
    let items: Array<Record<string, unknown>>;
    try {
      items = await ctx.searchConfigs(spec.configs, Math.min(spec.limit ?? MAX_ITEMS, MAX_ITEMS));
    } catch (err) {
      return failed(new Error(`report: ${(err as Error).message}`));
    }
    const rows = items.map((i) => Object.fromEntries(COLUMNS.map((c) => [c, text(i[c])])) as Row);
    const at = new Date().toISOString();
    const content = Buffer.from(render(format, title, rows, at), 'utf8');
    if (content.length > ctx.maxArtifactBytes)
      return failed(
        new Error(`report: the report is ${content.length} bytes, above the ${ctx.maxArtifactBytes}-byte limit`),
      );
    return {
      ok: true,
      result: { title, format, count: rows.length, columns: [...COLUMNS], rows: rows.slice(0, RESULT_ROWS) },
      artifacts: [{ path: `report.${format}`, content, contentType: CONTENT_TYPES[format] }],
    };
  },
};
