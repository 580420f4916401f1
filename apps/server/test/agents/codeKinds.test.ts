import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicable } from '../../src/apply/kind.js';
import { APPLY_KINDS } from '../../src/apply/registry.js';
import { agentCodeRefusal, type CodeKind, execWriteRefusal, runsCode } from '../../src/sandbox/execPolicy.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 33, "who may run code": one function says whether a spec of a kind runs code, and every
// path that saves or pushes specs asks it. Each row is a kind with code; each column a path.

const GITOPS = {
  repo: { url: 'file:///r', base: 'main', branch: 'b' },
  commit: { message: 'm' },
  files: [{ path: 'a', content: 'x' }],
};

interface Kind {
  kind: CodeKind;
  /** The document kind `opsdeck apply` takes, and the /api/db table the UI writes. */
  doc: 'Canary' | 'ScrapeConfig' | 'Topology' | 'Playbook';
  table: 'canaries' | 'config_scrapers' | 'topologies' | 'playbooks';
  noun: string;
  code: Record<string, unknown>;
  harmless: Record<string, unknown>;
  /** The pushed table an agent sends it in, when agents push this kind. */
  pushed?: 'canaries' | 'config_scrapers' | 'topologies';
}

const KINDS: Kind[] = [
  {
    kind: 'Canary',
    doc: 'Canary',
    table: 'canaries',
    noun: 'exec checks',
    code: { exec: [{ name: 'e', script: 'id' }] },
    harmless: { http: [{ name: 'h', url: 'http://127.0.0.1:9/' }] },
    pushed: 'canaries',
  },
  {
    kind: 'ScrapeConfig',
    doc: 'ScrapeConfig',
    table: 'config_scrapers',
    noun: 'exec scrapers',
    code: { exec: [{ type: 'X', id: '$.id', script: 'echo "{}"' }] },
    harmless: { file: [{ type: 'F', id: '$.id', paths: ['/nonexistent/*.json'] }] },
    pushed: 'config_scrapers',
  },
  {
    kind: 'Topology',
    doc: 'Topology',
    table: 'topologies',
    noun: 'exec lookups',
    code: { components: [{ name: 'c', lookup: { exec: [{ name: 'l', script: 'echo "[]"' }] } }] },
    harmless: { components: [{ name: 'c' }] },
    pushed: 'topologies',
  },
  {
    kind: 'Playbook',
    doc: 'Playbook',
    table: 'playbooks',
    noun: 'exec actions',
    code: { actions: [{ name: 'a', exec: { script: 'id' } }] },
    harmless: { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/' } }] },
  },
  {
    kind: 'Playbook',
    doc: 'Playbook',
    table: 'playbooks',
    noun: 'gitops actions',
    code: { actions: [{ name: 'a', gitops: GITOPS }] },
    harmless: { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:9/' } }] },
  },
];

describe('runsCode: one answer per kind', () => {
  it.each(KINDS)('$kind with $noun runs code; without them it does not', ({ kind, code, harmless }) => {
    expect(runsCode(kind, code)).toBe(true);
    expect(runsCode(kind, harmless)).toBe(false);
  });
  it('a stored check runs code when it is an exec check', () => {
    expect(runsCode('Check', { type: 'exec', spec: {} })).toBe(true);
    expect(runsCode('Check', { type: 'http', spec: {} })).toBe(false);
  });
});

describe('path: the policy functions', () => {
  it.each(KINDS)('$kind ($noun): editors refused under admin, admins allowed, everyone under off', (k) => {
    expect(execWriteRefusal('admin', ['editor'], k.code, k.kind)).toMatch(`only admins may save ${k.noun}`);
    expect(execWriteRefusal('admin', ['admin'], k.code, k.kind)).toBeUndefined();
    expect(execWriteRefusal('editor', ['editor'], k.code, k.kind)).toBeUndefined();
    expect(execWriteRefusal('off', ['admin'], k.code, k.kind)).toMatch(`${k.noun} are turned off`);
    expect(execWriteRefusal('off', 'operator', k.code, k.kind)).toMatch('OPSDECK_EXEC=off');
    expect(execWriteRefusal('admin', ['viewer'], k.harmless, k.kind)).toBeUndefined();
    // an agent: only with an admin's leave, and never when exec is off
    expect(agentCodeRefusal('admin', false, k.code, k.kind)).toMatch(`may not send ${k.noun}`);
    expect(agentCodeRefusal('admin', true, k.code, k.kind)).toBeUndefined();
    expect(agentCodeRefusal('off', true, k.code, k.kind)).toMatch('OPSDECK_EXEC=off');
    expect(agentCodeRefusal('admin', false, k.harmless, k.kind)).toBeUndefined();
  });
});

describe('path: opsdeck apply', () => {
  it.each(KINDS)('$doc with $noun is refused when exec is off, allowed otherwise', (k) => {
    const apply = APPLY_KINDS[k.doc];
    const doc = { metadata: { name: 'x' }, spec: k.code } as unknown as Applicable;
    expect(apply?.refusal?.(doc, 'off', 'operator')).toMatch(`${k.noun} are turned off`);
    expect(apply?.refusal?.(doc, 'admin', 'operator')).toBeUndefined();
  });
});

describe('paths over HTTP: /api/db as an editor, an agent push', () => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await startTestServer();
    const res = await server.fetch('/api/agent/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kinds' }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it.each(KINDS)('/api/db/$table refuses an editor $noun (OPSDECK_EXEC=admin)', async (k) => {
    const name = `k-${randomUUID().slice(0, 8)}`;
    const post = (spec: unknown) =>
      server.fetch(`/api/db/${k.table}`, {
        as: 'editor',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, spec }),
      });
    const refused = await post(k.code);
    expect([400, 403]).toContain(refused.status);
    expect(((await refused.json()) as { message: string }).message).toMatch(`only admins may save ${k.noun}`);
    const saved = await post(k.harmless);
    expect(saved.status, await saved.clone().text()).toBe(201);
  });

  it.each(KINDS.filter((k) => k.pushed))('an agent push of $pushed with $noun is refused', async (k) => {
    const id = randomUUID();
    const res = await server.fetch('/upstream/push', {
      as: null,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ [k.pushed as string]: [{ id, name: 'x', spec: k.code }] }),
    });
    const answer = (await res.json()) as { refused: object; errors: string[] };
    expect(answer.refused).toEqual({ [k.pushed as string]: [{ id }] });
    expect(answer.errors?.[0]).toMatch(`may not send ${k.noun}`);
  });
});
