import { transformSync } from 'esbuild';
import { parse } from 'yaml';

/**
 * Finds the playbooks written in test sources (TypeScript): every object literal holding an
 * `actions: [...]` list of objects, and every string literal that reads as a Playbook in YAML.
 * Test-only: it lets the builder's round-trip test cover each fixture the repository holds,
 * including ones added later. Values computed at run time (a peer's URL) become placeholders.
 */

interface Literal {
  start: number;
  end: number;
}

/** Spans of the object literals holding `actions: [` and of the string literals, outside comments. */
function scan(src: string): { objects: Literal[]; strings: Literal[] } {
  const objects: Literal[] = [];
  const strings: Literal[] = [];
  // open brackets in code: their char and position; 'T' marks a template's `${`
  const stack: Array<{ ch: string; at: number; wanted?: boolean }> = [];
  let lastCode = '';
  let i = 0;
  const template = (from: number, start: number): number => {
    // scans template text from `from` (after ` or }); answers the index after the closing `, or -1
    // at `${` (the template's start is kept on the stack to resume it at the matching })
    let j = from;
    while (j < src.length) {
      const c = src[j];
      if (c === '\\') j += 2;
      else if (c === '`') return j + 1;
      else if (c === '$' && src[j + 1] === '{') {
        stack.push({ ch: 'T', at: start });
        i = j + 2;
        return -1;
      } else j++;
    }
    return j;
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i) + 2;
      if (i < 2) break;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      strings.push({ start: i, end: j + 1 });
      i = j + 1;
      lastCode = 'a';
      continue;
    }
    if (c === '`') {
      const end = template(i + 1, i);
      if (end >= 0) {
        strings.push({ start: i, end });
        i = end;
      }
      lastCode = 'a';
      continue;
    }
    if (c === '/' && (lastCode === '' || '(,=:[!&|?{};'.includes(lastCode))) {
      // a regular expression literal
      let j = i + 1;
      let inClass = false;
      while (j < src.length && (inClass || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      i = j + 1;
      lastCode = 'a';
      continue;
    }
    if (c === '{' || c === '[' || c === '(') stack.push({ ch: c, at: i });
    else if (c === '}' || c === ']' || c === ')') {
      const open = stack.pop();
      if (open?.ch === 'T') {
        const end = template(i + 1, open.at);
        if (end >= 0) {
          strings.push({ start: open.at, end });
          i = end;
          lastCode = 'a';
          continue;
        }
        continue;
      }
      if (open?.wanted) objects.push({ start: open.at, end: i + 1 });
    } else if (c === 'a' && /^actions\s*:\s*\[/.test(src.slice(i, i + 30)) && !/[\w$]/.test(src[i - 1] ?? '')) {
      const top = stack[stack.length - 1];
      if (top?.ch === '{') top.wanted = true;
    }
    if (!/\s/.test(c)) lastCode = c;
    i++;
  }
  return { objects, strings };
}

/** Stands in for any name a fixture uses but does not define: callable, spreadable, 'x' as text. */
function placeholder(): unknown {
  const target = () => undefined;
  const proxy: unknown = new Proxy(target, {
    get: (_, key) => {
      if (key === Symbol.toPrimitive) return () => 'x';
      if (key === Symbol.iterator) return function* () {};
      if (key === 'toJSON') return () => 'x';
      if (key === 'then') return undefined;
      return proxy;
    },
    apply: () => proxy,
    ownKeys: () => [],
  });
  return proxy;
}

const scope = new Proxy({} as Record<string | symbol, unknown>, {
  has: (_, key) => typeof key === 'string' && key !== '__value' && !(key in globalThis),
  get: (_, key) => (key === Symbol.unscopables ? undefined : placeholder()),
});

/** The JSON value of a TypeScript expression, or undefined when it cannot be evaluated. */
function evaluate(expr: string): unknown {
  try {
    const js = transformSync(`__value = (${expr});`, { loader: 'ts' }).code;
    // sloppy-mode Function: `with` resolves the names the fixture does not define to placeholders
    const run = new Function('__scope', `var __value; with (__scope) { ${js} } return __value;`);
    return JSON.parse(JSON.stringify(run(scope)));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A Playbook spec: an object whose `actions` hold at least one object. */
function isSpec(v: unknown): v is Record<string, unknown> {
  return isObject(v) && Array.isArray(v.actions) && v.actions.some(isObject);
}

/** Every playbook spec written in `src`. */
export function playbookSpecsIn(src: string): Array<Record<string, unknown>> {
  const { objects, strings } = scan(src);
  const out: Array<Record<string, unknown>> = [];
  for (const o of objects) {
    const value = evaluate(src.slice(o.start, o.end));
    if (isSpec(value)) out.push(value);
  }
  for (const s of strings) {
    const text = src.slice(s.start, s.end);
    if (!/actions:(\\n|\n)/.test(text)) continue;
    const value = evaluate(text);
    if (typeof value !== 'string') continue;
    let doc: unknown;
    try {
      doc = parse(value);
    } catch {
      continue;
    }
    if (isObject(doc) && isSpec(doc.spec)) out.push(doc.spec);
    else if (isSpec(doc)) out.push(doc);
  }
  return out;
}
