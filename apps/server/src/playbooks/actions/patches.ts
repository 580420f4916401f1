import { type Document, parse, parseAllDocuments, stringify } from 'yaml';
import type { JqRunner } from './jq.js';

/** One entry of a gitops action's `patches`: exactly one of yq, jq or patch (validated). */
export interface FilePatch {
  path: string;
  yq?: string;
  jq?: string;
  patch?: string;
}

/** RFC 7386 merge patch: objects merge, null removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes `doc` from `before` to `after` node by node, so that comments, anchors and the layout of
 * what the patch did not touch stay as they were (yq keeps them too).
 */
export function syncDocument(doc: Document, before: unknown, after: unknown, at: Array<string | number> = []): void {
  if (isObject(before) && isObject(after)) {
    for (const k of Object.keys(before)) if (!(k in after)) doc.deleteIn([...at, k]);
    for (const [k, v] of Object.entries(after)) {
      if (k in before) syncDocument(doc, before[k], v, [...at, k]);
      else doc.setIn([...at, k], v);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (const [i, v] of after.entries()) syncDocument(doc, before[i], v, [...at, i]);
    return;
  }
  if (same(before, after)) return;
  if (at.length === 0) doc.contents = doc.createNode(after);
  else doc.setIn(at, after);
}

/** The one value a patch expression must answer for each document. */
function single(outputs: unknown[], kind: string, what: string): unknown {
  if (outputs.length === 1) return outputs[0];
  if (!outputs.length)
    throw new Error(`${kind} answered nothing for ${what} (use \`select(...) |= ...\` to change some documents only)`);
  throw new Error(`${kind} answered ${outputs.length} values for ${what}; a patch must answer one`);
}

/** `yq`: the expression runs on every YAML document of the file, which keeps its comments. */
async function applyYq(text: string, expr: string, jq: JqRunner, json: boolean): Promise<string> {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) throw new Error('not YAML');
  const bad = docs.flatMap((d) => d.errors);
  if (bad[0]) throw new Error(`not YAML: ${bad[0].message}`);
  if (json) {
    const value = docs[0]?.toJS() ?? null;
    return `${JSON.stringify(single(await jq.run(value, expr), 'yq', 'the file'), null, 2)}\n`;
  }
  const out: string[] = [];
  for (const [i, doc] of docs.entries()) {
    const before = doc.toJS() as unknown;
    const after = single(await jq.run(before, expr), 'yq', docs.length > 1 ? `document ${i + 1}` : 'the file');
    syncDocument(doc, before, after);
    const s = doc.toString();
    out.push(i > 0 && !s.startsWith('---') ? `---\n${s}` : s);
  }
  return out.join('');
}

/** The text of `file` (a path of the repository, `text` its content) after one patch. */
export async function patchText(
  file: string,
  text: string,
  p: FilePatch,
  jq: () => Promise<JqRunner>,
): Promise<string> {
  const json = file.endsWith('.json');
  if (p.jq !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new Error(`not JSON (jq patches JSON files; use yq for YAML): ${(err as Error).message}`);
    }
    return `${JSON.stringify(single(await (await jq()).run(value, p.jq), 'jq', 'the file'), null, 2)}\n`;
  }
  if (p.yq !== undefined) return applyYq(text, p.yq, await jq(), json);
  const after = mergePatch(parse(text), parse(p.patch ?? ''));
  return json ? `${JSON.stringify(after, null, 2)}\n` : stringify(after);
}
