const PLAIN = /^[A-Za-z0-9_./@-][A-Za-z0-9_ ./@:-]*$/;
const RESERVED = /^(true|false|null|yes|no|on|off|~|-?\d+(\.\d+)?([eE][-+]?\d+)?)$/i;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const s = String(v);
  if (s.includes('\n')) return `|-\n${s}`;
  return PLAIN.test(s) && !RESERVED.test(s) && !s.endsWith(':') && !s.includes(': ') ? s : JSON.stringify(s);
}

function indentBlock(text: string, pad: string): string {
  return text
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/** A JSON value as block YAML (the Spec tab shows a check's spec this way). */
export function toYaml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return value
      .map((item) => {
        const body = toYaml(item, `${indent}  `);
        if (item && typeof item === 'object' && Object.keys(item).length) return `${indent}- ${body.trimStart()}`;
        return `${indent}- ${body}`;
      })
      .join('\n');
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return entries
      .map(([k, v]) => {
        const key = scalar(k);
        if (v && typeof v === 'object' && Object.keys(v).length) return `${indent}${key}:\n${toYaml(v, `${indent}  `)}`;
        if (Array.isArray(v)) return `${indent}${key}: []`;
        if (v && typeof v === 'object') return `${indent}${key}: {}`;
        const s = scalar(v);
        if (s.startsWith('|-\n')) return `${indent}${key}: |-\n${indentBlock(s.slice(3), `${indent}  `)}`;
        return `${indent}${key}: ${s}`;
      })
      .join('\n');
  }
  return scalar(value);
}
