#!/usr/bin/env node
// Turns a CustomResourceDefinition (YAML, from a file or stdin) into the list of every property
// path under `spec` with its type, the fixture the CRD property-table tests read:
//   node scripts/crd-paths.mjs mission-control.flanksource.com_playbooks.yaml > playbook.paths.json
// Paths: `spec.actions[].http.headers[].name`; `[]` is a list item, `{}` a map value.
// Leaves only: a scalar, a list of scalars (`string[]`), a map of scalars (`map<string>`), or a
// free-form object (`object`, no declared properties). Objects with declared properties are
// described by their children. Options: --version NAME picks a CRD version (default: the storage one).
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

const args = process.argv.slice(2);
const versionAt = args.indexOf('--version');
const wantedVersion = versionAt >= 0 ? args.splice(versionAt, 2)[1] : undefined;
const text = readFileSync(args[0] ?? 0, 'utf8');

const crd = parseAllDocuments(text)
  .map((d) => d.toJS({ maxAliasCount: -1 }))
  .find((d) => d?.kind === 'CustomResourceDefinition');
if (!crd) fail('no CustomResourceDefinition document in the input');
const versions = crd.spec?.versions ?? [];
const version =
  versions.find((v) => v.name === wantedVersion) ??
  (wantedVersion ? undefined : (versions.find((v) => v.storage) ?? versions[0]));
if (!version) fail(`no version ${wantedVersion ?? ''} in the CRD`);
const spec = version.schema?.openAPIV3Schema?.properties?.spec;
if (!spec) fail('the CRD version has no spec schema');

const out = [];
walk(spec, 'spec');
out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
// One path per line (in the repository's JSON style) keeps the fixtures' diffs readable.
const entry = (p) =>
  `{ ${Object.entries(p)
    .map(
      ([k, v]) => `"${k}": ${Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]` : JSON.stringify(v)}`,
    )
    .join(', ')} }`;
process.stdout.write(
  `{\n  "kind": ${JSON.stringify(crd.spec.names.kind)},\n  "version": ${JSON.stringify(version.name)},\n  "paths": [\n${out.map((p) => `    ${entry(p)}`).join(',\n')}\n  ]\n}\n`,
);

/** The scalar type name of a schema node, or undefined when it is not a scalar. */
function scalar(node) {
  if (node['x-kubernetes-int-or-string']) return 'int-or-string';
  if (['string', 'integer', 'number', 'boolean'].includes(node.type)) return node.type;
  return undefined;
}

function isFreeObject(node) {
  return !node.properties && !node.additionalProperties && !node.items && !scalar(node);
}

function leaf(path, type, node) {
  const entry = { path, type };
  if (Array.isArray(node.enum)) entry.enum = node.enum;
  if (node.format) entry.format = node.format;
  out.push(entry);
}

function walk(node, path) {
  const s = scalar(node);
  if (s) return leaf(path, s, node);
  if (node.type === 'array' || node.items) {
    const items = node.items ?? {};
    const si = scalar(items);
    if (si) return leaf(path, `${si}[]`, items);
    if (isFreeObject(items)) return leaf(path, 'object[]', items);
    if (items.type === 'array' || items.items) return walk(items, `${path}[]`);
    return walkObject(items, `${path}[]`);
  }
  return walkObject(node, path);
}

function walkObject(node, path) {
  if (node.properties && Object.keys(node.properties).length) {
    for (const [key, child] of Object.entries(node.properties)) walk(child, `${path}.${key}`);
    return;
  }
  const extra = node.additionalProperties;
  if (extra && typeof extra === 'object') {
    const s = scalar(extra);
    if (s) return leaf(path, `map<${s}>`, extra);
    if (isFreeObject(extra)) return leaf(path, 'map<object>', extra);
    return walk(extra, `${path}{}`);
  }
  leaf(path, 'object', node);
}

function fail(message) {
  process.stderr.write(`crd-paths: ${message}\n`);
  process.exit(1);
}
