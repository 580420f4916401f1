/**
 * Java properties files as config-db reads them (`format: properties`): logical lines joined at
 * a trailing backslash, `#`/`!` comment lines, a key ending at the first unescaped `=`, `:` or
 * whitespace, escapes (`\t`, `\n`, `\uXXXX`, `\=`...), `${key}` references to keys of the same
 * file; then, as config-db does, a value is cut at its first tab and at the first `#` outside
 * single quotes (an inline comment, trimmed off). References to anything else stay as written:
 * the server's environment never leaks into a scraped config.
 */

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** The logical lines: continuation lines joined, their leading whitespace dropped. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let pending: string | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pending === undefined ? raw.replace(/^[ \t\f]+/, '') : pending + raw.replace(/^[ \t\f]+/, '');
    if (pending === undefined && (line === '' || line.startsWith('#') || line.startsWith('!'))) continue;
    const slashes = /\\*$/.exec(line)?.[0].length ?? 0;
    if (slashes % 2 === 1) pending = line.slice(0, -1);
    else {
      out.push(line);
      pending = undefined;
    }
  }
  if (pending !== undefined) out.push(pending);
  return out;
}

/** Reads one escaped segment up to an unescaped character of `stop` (or the end). */
function readEscaped(line: string, from: number, stop: RegExp): [string, number] {
  let out = '';
  let i = from;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) {
      const n = line[i + 1] as string;
      if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(line.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(line.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        out += ESCAPES[n] ?? n;
        i += 2;
      }
      continue;
    }
    if (stop.test(c)) break;
    out += c;
    i++;
  }
  return [out, i];
}

/** config-db drops what follows a tab, and an inline `#` comment outside single quotes. */
function withoutInlineComment(value: string): string {
  let v = value.split('\t', 1)[0] as string;
  if (!v.includes('#')) return v;
  let quoted = false;
  for (let i = 0; i < v.length; i++) {
    if (v[i] === "'") quoted = !quoted;
    if (v[i] === '#' && !quoted) {
      v = v.slice(0, i).trim();
      break;
    }
  }
  return v;
}

function expand(value: string, props: Map<string, string>, depth = 0): string {
  if (depth > 10 || !value.includes('${')) return value;
  return value.replace(/\$\{([^}]+)\}/g, (whole, key: string) => {
    const v = props.get(key);
    return v === undefined ? whole : expand(v, props, depth + 1);
  });
}

/** Parses a properties file into its keys and values (see above). */
export function parseProperties(text: string): Record<string, string> {
  const props = new Map<string, string>();
  for (const line of logicalLines(text)) {
    const [key, end] = readEscaped(line, 0, /[=: \t\f]/);
    let i = end;
    while (i < line.length && /[ \t\f]/.test(line[i] as string)) i++;
    if (line[i] === '=' || line[i] === ':') i++;
    while (i < line.length && /[ \t\f]/.test(line[i] as string)) i++;
    const [value] = readEscaped(line, i, /$^/);
    props.set(key, value);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of props) out[k] = withoutInlineComment(expand(v, props));
  return out;
}
