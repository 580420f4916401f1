/**
 * The fields of a structured log line: a JSON object (`{"level":30,"msg":"…"}`) or logfmt
 * (`level=info msg="incoming request" status=200`). Logfmt is only taken when the whole line
 * (after an optional leading time) is `key=value` pairs, at least two of them, so prose that
 * happens to hold one `order=3` stays a plain line.
 */

const LOGFMT_PAIR = /\s*([A-Za-z_@][\w.@/-]*)=("(?:[^"\\]|\\.)*"|[^\s"]*)/y;

/** A JSON object line's fields; undefined for anything else. */
function jsonFields(text: string): Record<string, unknown> | undefined {
  if (text.charCodeAt(0) !== 123 /* { */) return undefined;
  try {
    const o = JSON.parse(text) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A logfmt line's fields (quoted values unescaped); undefined unless every token is a pair. */
export function logfmtFields(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let n = 0;
  LOGFMT_PAIR.lastIndex = 0;
  let at = 0;
  const end = text.trimEnd().length;
  while (at < end) {
    LOGFMT_PAIR.lastIndex = at;
    const m = LOGFMT_PAIR.exec(text);
    if (!m) return undefined;
    const raw = m[2] as string;
    let value: string = raw;
    if (raw.startsWith('"')) {
      try {
        value = JSON.parse(raw) as string;
      } catch {
        value = raw.slice(1, -1);
      }
    }
    out[m[1] as string] = value;
    n++;
    at = LOGFMT_PAIR.lastIndex;
    // a pair must be followed by whitespace or the end, never glued to the next token
    if (at < end && !/\s/.test(text[at] as string)) return undefined;
  }
  return n >= 2 ? out : undefined;
}

/** The fields of `text` (`rest` is the line without its leading time, for logfmt); undefined when unstructured. */
export function structuredFields(text: string, rest = text): Record<string, unknown> | undefined {
  return jsonFields(text) ?? logfmtFields(rest);
}

/** A line's own message field: `msg`, `message` or `log`, when it is text. */
export function messageField(fields: Record<string, unknown>): string | undefined {
  const msg = fields.msg ?? fields.message ?? fields.log;
  return typeof msg === 'string' ? msg : undefined;
}
