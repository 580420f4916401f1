/**
 * What a gitops patch expression may use. `jq` patches run jq (1.7) on the file's JSON; `yq` patches
 * run the same jq language on each YAML document, so yq operators with no jq meaning (comments,
 * anchors, file loading, environment...) are refused at validation with the reason.
 */

/** jq builtins that reach outside the one file being patched, and why they are refused. */
const JQ_REFUSED: Record<string, string> = {
  input: 'reads another input, and a patch has one file',
  inputs: 'reads other inputs, and a patch has one file',
  input_filename: 'has no file name to answer in a patch',
  import: 'loads jq modules, which patches cannot',
  include: 'loads jq modules, which patches cannot',
  env: 'reads the environment: use a template such as {{.env.NAME}}',
  $ENV: 'reads the environment: use a template such as {{.env.NAME}}',
};

/** yq operators without a jq equivalent. */
const YQ_ONLY = [
  'eval',
  'load',
  'load_str',
  'load_xml',
  'load_props',
  'load_base64',
  'strenv',
  'from_yaml',
  'to_yaml',
  'from_xml',
  'to_xml',
  'from_props',
  'to_props',
  'from_csv',
  'from_tsv',
  'line_comment',
  'head_comment',
  'foot_comment',
  'comments',
  'style',
  'anchor',
  'alias',
  'explode',
  'tag',
  'document_index',
  'di',
  'file_index',
  'fi',
  'filename',
  'line',
  'column',
  'key',
  'parent',
  'kind',
  'ireduce',
  'shuffle',
  'pivot',
  'omit',
  'sort_keys',
  'with',
  'split_doc',
  'select_doc',
  'collect',
];

/**
 * Removes string literals (keeping their `\(...)` interpolations) and comments, so that names
 * inside them are not taken for operators.
 */
function code(expr: string): string {
  const interpolated = [...expr.matchAll(/\\\(([^)]*)\)/g)].map((m) => m[1]).join(' ');
  return `${expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')} ${interpolated}`.replace(/#[^\n]*/g, '');
}

/**
 * Names the expression calls: identifiers not after `.` (fields) nor `$` (variables), nor before
 * `:` (object keys), plus `$ENV`.
 */
function calls(expr: string): Set<string> {
  const names = new Set<string>();
  for (const m of code(expr).matchAll(/(^|[^.$\w])([A-Za-z_]\w*)(?!\w|\s*:)/g)) if (m[2]) names.add(m[2]);
  if (/\$ENV\b/.test(code(expr))) names.add('$ENV');
  return names;
}

/** Why a `jq` or `yq` patch expression is refused, or undefined when it is accepted. */
export function patchExpressionRefusal(kind: 'jq' | 'yq', expr: string): string | undefined {
  if (!expr.trim()) return `${kind} is empty`;
  const used = calls(expr);
  for (const [name, why] of Object.entries(JQ_REFUSED)) {
    if (used.has(name)) return `${kind} ${name} is not supported: it ${why}`;
  }
  if (kind === 'yq') {
    const body = code(expr);
    if (body.includes('...')) return 'yq `...` is not supported (use `..`)';
    const merge = body.match(/\*[+?dnc]+/);
    if (merge) return `yq merge flags (${merge[0]}) are not supported: \`*\` merges objects deeply, as in jq`;
    for (const name of YQ_ONLY) {
      if (used.has(name))
        return `yq ${name} is not supported: yq patches run with jq semantics (see docs/playbooks.md)`;
    }
  }
  return undefined;
}
