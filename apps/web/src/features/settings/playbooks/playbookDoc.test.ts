// @vitest-environment node
// (esbuild, which reads the fixtures' TypeScript, needs Node's own TextEncoder)
import { describe, expect, it } from 'vitest';
import { actionType, changeActionType } from './actionKinds.js';
import { playbookSpecsIn } from './fixtureScan.js';
import { docFromRow, docToYaml, rowFromDoc, validateDoc, withSpec, yamlToDoc } from './playbookDoc.js';

// every test source that may hold a playbook: the server's tests and the browser tests
const sources = import.meta.glob(['/apps/server/test/**/*.ts', '/e2e/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const fixtures = Object.entries(sources).flatMap(([file, src]) =>
  playbookSpecsIn(src).map((spec, i) => ({ name: `${file} #${i + 1}`, spec })),
);

/** Form model -> YAML -> form model. */
function roundTrip(spec: Record<string, unknown>) {
  const doc = docFromRow({ name: 'fixture', namespace: 'default', spec });
  const back = yamlToDoc(docToYaml(doc));
  if ('error' in back) throw new Error(back.error);
  return { doc, back: back.doc };
}

describe('the playbook builder round-trips through YAML', () => {
  it('finds the playbooks of the server and browser tests', () => {
    const files = new Set(fixtures.map((f) => f.name.split(' #')[0] ?? ''));
    expect(fixtures.length).toBeGreaterThan(40);
    expect([...files].some((f) => f.startsWith('/e2e/'))).toBe(true);
    expect([...files].some((f) => f.startsWith('/apps/server/test/playbooks/'))).toBe(true);
  });

  it.each(fixtures)('keeps every field of $name', ({ spec }) => {
    const { doc, back } = roundTrip(spec);
    expect(back).toEqual(doc);
    expect(back.spec).toEqual(spec);
  });

  it('keeps fields no schema knows, at every level', () => {
    const spec = {
      title: 'Odd',
      futureField: { deep: [1, 'two', { three: true }] },
      parameters: [{ name: 'p', type: 'text', properties: { size: 'large', widget: 'slider' }, hint: 'x' }],
      actions: [{ name: 'a', http: { url: 'http://x', proxy: 'http://proxy' }, annotations: { a: 'b' } }],
      approval: { type: 'all', approvers: { people: ['a@b.c'], bots: ['r2'] } },
      on: { config: [{ event: 'created', labels: { env: 'prod' } }], pagerduty: { service: 'x' } },
    };
    const { doc, back } = roundTrip(spec);
    expect(back).toEqual(doc);
    expect(back.spec).toEqual(spec);
    // values YAML would otherwise retype stay what they were
    const tricky = { actions: [{ name: 'n', exec: { script: 'on\nyes\n0755\n1e3\n~' } }], title: 'no', icon: '010' };
    expect(roundTrip(tricky).back.spec).toEqual(tricky);
  });
});

describe('the playbook document', () => {
  it('moves a title or category the row holds apart from its spec into the spec', () => {
    const doc = docFromRow({
      name: 'rotate',
      title: 'Rotate logs',
      category: 'Maintenance',
      description: null,
      icon: null,
      spec: { category: 'Ops', actions: [{ name: 'a', http: { url: 'http://x' } }] },
    });
    expect(doc.spec).toMatchObject({ title: 'Rotate logs', category: 'Maintenance' });
    // the columns the spec decides already are not copied
    expect(docFromRow({ name: 'x', title: 'x', category: '', spec: { actions: [] } }).spec).toEqual({ actions: [] });
  });

  it('sends name and namespace only when new; title and the rest follow the spec', () => {
    const doc = docFromRow({ name: 'n', namespace: 'ops', spec: { actions: [] } });
    expect(rowFromDoc(doc, false)).toMatchObject({ name: 'n', namespace: 'ops', spec: { actions: [] }, title: null });
    expect(rowFromDoc(doc, true)).not.toHaveProperty('name');
  });

  it('reports the shared schema problems by path', () => {
    const doc = docFromRow({ name: 'n', spec: { actions: [{ name: 'a', http: {} }] } });
    expect(validateDoc(doc)).toEqual([{ path: 'spec.actions[0].http', message: 'set url or connection' }]);
    expect(validateDoc(withSpec(doc, 'actions', []))).toEqual([
      { path: 'spec.actions', message: 'set at least one action' },
    ]);
  });

  it('places a new spec key where the schema orders it, leaving the others where they are', () => {
    const doc = docFromRow({ name: 'n', spec: { actions: [], zeta: 1 } });
    expect(Object.keys(withSpec(doc, 'title', 'T').spec)).toEqual(['title', 'actions', 'zeta']);
    expect(Object.keys(withSpec(doc, 'on', { schedule: [] }).spec)).toEqual(['actions', 'on', 'zeta']);
  });

  it('changes an action type keeping its common fields', () => {
    const action = { name: 'a', if: 'failure()', http: { url: 'http://x' } };
    const sql = changeActionType(action, 'sql');
    expect(sql).toEqual({ name: 'a', if: 'failure()', sql: {} });
    expect(actionType(sql)).toBe('sql');
  });

  it('fails on an unreadable YAML with its line', () => {
    const parsed = yamlToDoc('spec:\n  actions: [\n');
    expect('error' in parsed && parsed.error).toMatch(/line|Flow/i);
  });
});
