/**
 * Fills `{{ check.name }}`-style placeholders (Go-template `{{ .check.name }}` works too) from
 * `vars`; an unknown path renders as an empty string, objects as JSON.
 */
export function renderTemplate(text: string, vars: Record<string, unknown>): string {
  return text.replace(/\{\{\s*\.?([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g, (_m, path: string) => {
    let value: unknown = vars;
    for (const key of path.split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (value === undefined || value === null) return '';
    if (value instanceof Date) return value.toISOString();
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
