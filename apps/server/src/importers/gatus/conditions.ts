import { parseGoDuration } from '@opsdeck/schema';

/**
 * Gatus endpoint conditions ("[STATUS] == 200", "[BODY].status == UP", "len([BODY].items) > 0",
 * "[CERTIFICATE_EXPIRATION] > 48h") turned into CEL over an http check's result (`code`,
 * `content`, `json`, `elapsed`, `sslAge`). Conditions the runner already enforces ([CONNECTED],
 * [DNS_RCODE] == NOERROR) are dropped; the rest that CEL cannot say are reported.
 */

export interface ConvertedConditions {
  /** The CEL test (conditions joined with &&), when any remain. */
  expr?: string;
  /** Allowed status codes when the conditions pin them ([STATUS] == 200, any([STATUS], 200, 201)). */
  responseCodes?: number[];
  /** Conditions not carried over, each with why. */
  dropped: Array<{ condition: string; why: string }>;
}

const OPS = ['==', '!=', '<=', '>=', '<', '>'] as const;
type Op = (typeof OPS)[number];

function split(condition: string): { left: string; op: Op; right: string } | undefined {
  for (const op of OPS) {
    // the first operator outside brackets and parentheses
    let depth = 0;
    for (let i = 0; i + op.length <= condition.length; i++) {
      const ch = condition[i];
      if (ch === '(' || ch === '[') depth++;
      else if (ch === ')' || ch === ']') depth--;
      else if (depth === 0 && condition.startsWith(op, i)) {
        // '<' of '<=' is handled by trying '<=' first
        if ((op === '<' || op === '>') && condition[i + 1] === '=') continue;
        if (op === '==' || op === '!=' || condition[i - 1] !== '!') {
          return { left: condition.slice(0, i).trim(), op, right: condition.slice(i + op.length).trim() };
        }
      }
    }
  }
  return undefined;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `[BODY].a.b[0]` -> `json.a.b[0]`; `[BODY]` -> `content`; undefined for other placeholders. */
function bodyPath(text: string): { cel: string; json: boolean } | undefined {
  if (text === '[BODY]') return { cel: 'content', json: false };
  if (!text.startsWith('[BODY].')) return undefined;
  let out = 'json';
  for (const part of text.slice('[BODY].'.length).match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    if (part.startsWith('[')) out += part;
    else if (IDENT.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return { cel: out, json: true };
}

const isNumber = (v: string) => /^-?\d+(\.\d+)?$/.test(v);

function globToRegex(glob: string): string {
  return `^${glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')}$`;
}

type Converted = { cel: string } | { drop: string } | { implied: true } | { codes: number[] };

function convert(condition: string, kind: 'http' | 'other'): Converted {
  const parts = split(condition);
  if (!parts) return { drop: 'not a comparison Gatus documents' };
  const { left, op, right } = parts;
  const negate = op === '!=';
  // any(...) and pat(...) on the right
  const any = /^any\((.*)\)$/.exec(right);
  const pat = /^pat\((.*)\)$/.exec(right);
  if (left === '[CONNECTED]')
    return right === 'true' && op === '==' ? { implied: true } : { drop: 'only [CONNECTED] == true is carried over' };
  if (left === '[DNS_RCODE]')
    return right === 'NOERROR' && op === '=='
      ? { implied: true }
      : { drop: 'only [DNS_RCODE] == NOERROR is carried over' };
  if (kind !== 'http') return { drop: 'conditions other than [CONNECTED] are carried over for http endpoints only' };
  if (left === '[STATUS]') {
    if (any && op === '==')
      return {
        codes:
          any[1]
            ?.split(',')
            .map((s) => Number(s.trim()))
            .filter(Number.isInteger) ?? [],
      };
    if (isNumber(right) && op === '==') return { codes: [Number(right)] };
    if (!isNumber(right)) return { drop: 'the status is compared with something that is not a number' };
    const codes = [];
    for (let c = 100; c <= 599; c++) {
      const n = Number(right);
      if (
        (op === '<' && c < n) ||
        (op === '<=' && c <= n) ||
        (op === '>' && c > n) ||
        (op === '>=' && c >= n) ||
        (op === '!=' && c !== n)
      )
        codes.push(c);
    }
    return { codes };
  }
  if (left === '[RESPONSE_TIME]') {
    if (!isNumber(right)) return { drop: 'the response time is compared with something that is not milliseconds' };
    return { cel: `elapsed ${op} duration(${JSON.stringify(`${right}ms`)})` };
  }
  if (left === '[CERTIFICATE_EXPIRATION]') {
    const d = isNumber(right) ? `${right}ms` : right;
    if (/^[+-]/.test(d) || parseGoDuration(d) === undefined)
      return { drop: 'the certificate expiration is compared with something that is not a duration' };
    return { cel: `sslAge ${op} duration(${JSON.stringify(d)})` };
  }
  const len = /^len\((.*)\)$/.exec(left);
  const has = /^has\((.*)\)$/.exec(left);
  if (has) {
    const p = bodyPath(has[1]?.trim() ?? '');
    if (!p?.json || p.cel.includes('[')) return { drop: 'has() is carried over for plain [BODY] paths only' };
    const wanted = (right === 'true') !== negate;
    return { cel: `${wanted ? '' : '!'}has(${p.cel})` };
  }
  if (len) {
    const p = bodyPath(len[1]?.trim() ?? '');
    if (!p || !isNumber(right)) return { drop: 'len() is carried over for [BODY] compared with a number' };
    return { cel: `size(${p.cel}) ${op} ${right}` };
  }
  const p = bodyPath(left);
  if (!p) return { drop: `${left.split(/[\].]/)[0]}] is not carried over` };
  if (pat) return { cel: `${negate ? '!' : ''}string(${p.cel}).matches(${JSON.stringify(globToRegex(pat[1] ?? ''))})` };
  if (any) {
    const values = (any[1] ?? '').split(',').map((v) => JSON.stringify(v.trim()));
    return { cel: `${negate ? '!' : ''}(string(${p.cel}) in [${values.join(', ')}])` };
  }
  if ((op === '==' || op === '!=') && !isNumber(right)) {
    if (right === 'true' || right === 'false') return { cel: `${p.cel} ${op} ${right}` };
    return { cel: `string(${p.cel}) ${op} ${JSON.stringify(right)}` };
  }
  // numbers compare as numbers: JSON numbers and numeric strings alike
  if (!isNumber(right)) return { drop: 'an ordering comparison with something that is not a number' };
  const n = Number(right);
  return { cel: `double(${p.cel}) ${op} ${Number.isInteger(n) ? `${n}.0` : String(n)}` };
}

/** Converts an endpoint's conditions; `kind` says whether its check is http. */
export function convertConditions(conditions: string[], kind: 'http' | 'other'): ConvertedConditions {
  const exprs: string[] = [];
  const dropped: ConvertedConditions['dropped'] = [];
  let responseCodes: number[] | undefined;
  for (const condition of conditions) {
    const c = convert(String(condition).trim(), kind);
    if ('cel' in c) exprs.push(c.cel);
    else if ('drop' in c) dropped.push({ condition, why: c.drop });
    else if ('codes' in c) responseCodes = responseCodes ? responseCodes.filter((x) => c.codes.includes(x)) : c.codes;
  }
  return {
    ...(exprs.length ? { expr: exprs.join(' && ') } : {}),
    ...(responseCodes ? { responseCodes } : {}),
    dropped,
  };
}
