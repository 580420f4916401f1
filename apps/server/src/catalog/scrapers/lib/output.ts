import { parseAllDocuments } from 'yaml';

/**
 * What a script or an HTTP response printed, as configs: JSON, else YAML (one config per YAML
 * document), else the text itself; a top-level array is one config per element. Empty output
 * is no config.
 */
export function parseOutput(text: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let values: unknown[];
  try {
    values = [JSON.parse(trimmed)];
  } catch {
    values = [];
    let yamlOk = true;
    for (const doc of parseAllDocuments(trimmed) as ReturnType<typeof parseAllDocuments> & unknown[]) {
      if (doc.errors.length) {
        yamlOk = false;
        break;
      }
      const v = doc.toJS({ maxAliasCount: 100 }) as unknown;
      if (v !== null && v !== undefined) values.push(v);
    }
    if (!yamlOk) values = [trimmed];
  }
  return values.flatMap((v) => (Array.isArray(v) ? v : [v]));
}
