import jmespath from 'jmespath';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { queryJsonPath } from '../jsonpath.js';
import { def, type LibFunc, list, record, str } from './types.js';

/**
 * Encodings and data formats: base64, URL encoding, JSON, YAML and CSV (gomplate `data.*`,
 * `base64.*`, CEL's encoders extension, canary-checker's `.JSON()` / `.toJSON()` methods) and
 * JSONPath and JMESPath (the `jmespath` package). `jq` is refused when called: jq programs can
 * loop forever, and no embeddable jq engine stops at a deadline.
 */

const bytes = (v: unknown) => (v instanceof Uint8Array ? Buffer.from(v) : Buffer.from(str(v), 'utf8'));

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(str(text));
  } catch (err) {
    throw new Error(`invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function jsonArray(text: unknown): unknown[] {
  const v = parseJson(text);
  if (!Array.isArray(v)) throw new Error('expected a JSON array');
  return v;
}

function yamlValue(text: unknown): unknown {
  try {
    return parseYaml(str(text)) ?? null;
  } catch (err) {
    throw new Error(`invalid YAML: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A JMESPath query over `value`; a bad expression is an error naming it. */
function queryJmesPath(expr: string, value: unknown): unknown {
  try {
    return jmespath.search(value, expr) ?? null;
  } catch (err) {
    throw new Error(`jmespath "${expr}": ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** RFC 4180 CSV into rows of fields. */
export function parseCsv(text: string, sep = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function csvByRow(text: string): Record<string, string>[] {
  const [head = [], ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

function csvByColumn(text: string): Record<string, string[]> {
  const [head = [], ...rows] = parseCsv(text);
  return Object.fromEntries(head.map((h, i) => [h, rows.map((r) => r[i] ?? '')]));
}

const csvField = (v: unknown) => (/[",\n\r]/.test(str(v)) ? `"${str(v).replaceAll('"', '""')}"` : str(v));

function toCsv(data: unknown): string {
  const rows = list(data);
  if (rows.length === 0) return '';
  if (Array.isArray(rows[0])) return rows.map((r) => list(r).map(csvField).join(',')).join('\n');
  const head = Object.keys(record(rows[0]));
  return [head.join(','), ...rows.map((r) => head.map((h) => csvField(record(r)[h])).join(','))].join('\n');
}

const json = (v: unknown) => JSON.stringify(v) ?? 'null';
const pretty = (indent: unknown, v: unknown) => JSON.stringify(v, null, str(indent) || 2);
const noJq = () => {
  throw new Error(
    'jq is not supported (a jq program can loop forever and no embeddable engine stops it at a deadline); use jmespath(expr, value), jsonpath(path, value) or CEL',
  );
};
// Go's url.QueryEscape: spaces as '+', the rest percent-encoded.
const urlEncode = (s: string) =>
  encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const encodingFuncs: LibFunc[] = [
  def(['base64.encode', 'base64.Encode', 'b64enc'], 1, (v) => bytes(v).toString('base64')),
  def(['base64.decode'], 1, (v) => new Uint8Array(Buffer.from(str(v), 'base64'))),
  def(['base64.Decode', 'b64dec'], 1, (v) => Buffer.from(str(v), 'base64').toString('utf8')),
  def(['urlencode', 'urlEncode'], 1, (s) => urlEncode(str(s))),
  def(['urldecode', 'urlDecode'], 1, (s) => decodeURIComponent(str(s).replace(/\+/g, ' '))),
  def(['fromJSON', 'data.JSON', 'json'], 1, parseJson, { methods: ['JSON'] }),
  def(['data.JSONArray', 'jsonArray'], 1, jsonArray, { methods: ['JSONArray'] }),
  def(['toJSON', 'data.ToJSON'], 1, json, { methods: ['toJSON', 'toJSONArray'] }),
  def(['data.ToJSONPretty'], 2, pretty, { methods: ['toJSONPretty'] }),
  def(['toJSONPretty'], [1, 2], (...a) => (a.length === 1 ? pretty('  ', a[0]) : pretty(a[0], a[1]))),
  def(['data.YAML', 'fromYAML', 'yaml'], 1, yamlValue, { methods: ['YAML'] }),
  def(['data.YAMLArray', 'yamlArray'], 1, (t) => list(yamlValue(t)), { methods: ['YAMLArray'] }),
  def(['data.ToYAML', 'toYAML'], 1, (v) => stringifyYaml(v), { methods: ['toYAML'] }),
  def(['CSV', 'data.CSV'], 1, (v) => (Array.isArray(v) ? v.flatMap((l) => parseCsv(str(l))) : parseCsv(str(v)))),
  def(['data.CSVByRow'], 1, (t) => csvByRow(str(t))),
  def(['data.CSVByColumn'], 1, (t) => csvByColumn(str(t))),
  def(['data.ToCSV', 'toCSV'], 1, toCsv),
  def(
    ['jsonpath', 'JSONPath'],
    2,
    (path, v) => queryJsonPath(str(path), typeof v === 'string' ? parseJson(v) : v) ?? null,
  ),
  def(['jmespath', 'JMESPath'], 2, (expr, v) => queryJmesPath(str(expr), typeof v === 'string' ? parseJson(v) : v)),
  def(['jq', 'JQ'], 2, noJq),
];
