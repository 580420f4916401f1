import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { OPERATORS } from '../../src/rest/parse/filter.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { seed } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  // a high submit limit, so identity requests get past the per-address rate limit into the flows
  const { identity } = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '100000' });
  server = await startTestServer({ config: { identity } });
  await seed(server);
});
afterAll(async () => {
  await server?.close();
});

// Text that would mean our SQL (or a stack) leaked, or that a query failed to parse in the database.
const LEAK = /syntax error|at or near|json_agg|json_populate|"t\d+"|\b_r\b|pg_catalog|internal error|\bat .*\.ts:\d+/i;

/** Whether `body` leaks SQL, once the request's own text (echoed in parse errors) is taken out. */
function leaks(body: string, inputs: string[]): boolean {
  let rest = body.replaceAll('syntax error in tsquery', ''); // the client's search term, reported by PostgreSQL
  // parse errors echo pieces of the input (a filter key, a column), not always all of it
  const pieces = inputs.flatMap((s) => [s, ...s.split(/[.,()=&!:]/)]);
  for (const s of [...pieces].sort((a, b) => b.length - a.length)) {
    if (s.length > 1) rest = rest.replaceAll(JSON.stringify(s).slice(1, -1), '');
  }
  return LEAK.test(rest);
}

/** Every key and value of a query string, as the server decodes them. */
const decoded = (query: string) => [...new URLSearchParams(query)].flat();

// the columns of each fuzzed table, so most generated requests get past parsing into SQL
const COLUMNS: Record<string, string[]> = {
  people: ['id', 'name', 'title', 'email', 'team_id', 'created_at', 'deleted_at', 'properties', 'properties->>level'],
  teams: ['id', 'name', 'spec', 'spec->>tier', 'created_by', 'created_at', 'deleted_at'],
  job_history: [
    'id',
    'name',
    'status',
    'duration_millis',
    'details',
    'details->host->>name',
    'details->run',
    'created_at',
  ],
  rest_items: ['id', 'label', 'tags', 'slot', 'owner_id'],
  agents_summary: ['id', 'name', 'created_by', 'created_by_name', 'cleanup', 'properties'],
  teams_with_status: ['id', 'name', 'job_status', 'job_last_run', 'created_by'],
  nope: ['id'],
};
const tables = fc.constantFrom(...Object.keys(COLUMNS));
const oddColumns = fc.constantFrom('missing', 'name->a', 'id->0', '"name"', '', 'a.b', 'people.name');
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  // NUL among the characters that mean something to our parsers (PostgreSQL refuses U+0000)
  fc.string({ unit: fc.constantFrom('a', '\u0000', '.', ',', '(', ')', '"', '%', '@', ':'), maxLength: 8 }),
  fc.constantFrom(
    'null',
    'true',
    'unknown',
    '(a,b)',
    '("a,b",c)',
    '{a,b}',
    '{"k":1}',
    '[1,5)',
    '1',
    '-1',
    '1e400',
    '2026-01-01',
    '%',
    '*',
    '\\',
    '"',
    '\u0000',
    'a\u0000b',
    '%00',
    "'; drop table people; --",
    '__proto__',
    'toString',
    '11111111-1111-4111-8111-000000000001',
  ),
);
// every implemented operator, plus negated, quantified, configured and unknown forms
const operator = fc.constantFrom(
  ...OPERATORS,
  'not.eq',
  'not.in',
  'not.is',
  'eq(any)',
  'like(all)',
  'fts(english)',
  'fts(nope)',
  'bogus',
);
const headers = fc.record(
  {
    prefer: fc.constantFrom(
      'count=exact',
      'return=representation',
      'count=exact, return=minimal',
      'bogus=1',
      'tx=rollback',
    ),
    range: fc.constantFrom('0-1', '5-', '3-1', 'x', '0-99999999999999999'),
    accept: fc.constantFrom('application/vnd.pgrst.object+json', 'application/json', 'text/csv', '*/*'),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.json(),
  fc.constantFrom('{"label":"fuzz"}', '[{"label":"a"},{"label":"b","tags":["x"]}]', '{"tags":"nope"}', '{', ''),
);
const embed = fc
  .tuple(
    fc.constantFrom('', 'x:'),
    fc.constantFrom('people', 'teams', 'agents', 'created_by', 'person_id', 'team_members', 'owner_id', 'nope'),
    fc.constantFrom('', '!inner', '!people_team_id_fkey', '!person_id', '!bogus'),
    fc.constantFrom('*', 'name', 'id,name', '', 'name,created_by(name)', 'missing'),
  )
  .map(([alias, name, hint, inner]) => `${alias}${name}${hint}(${inner})`);

/** A request against `table`: mostly its own columns (to reach SQL), sometimes anything. */
function requestFor(table: string) {
  const columns = fc.oneof(
    { arbitrary: fc.constantFrom(...(COLUMNS[table] as string[])), weight: 8 },
    { arbitrary: oddColumns, weight: 1 },
  );
  const condition = fc.tuple(columns, operator, text).map(([c, o, v]) => `${c}.${o}.${v}`);
  const logic = fc.letrec<{ tree: string }>((tie) => ({
    tree: fc
      .tuple(
        fc.constantFrom('and', 'or', 'not.and', 'not.or'),
        fc.array(fc.oneof({ arbitrary: condition, weight: 3 }, { arbitrary: tie('tree'), weight: 1 }), {
          minLength: 1,
          maxLength: 3,
        }),
      )
      .map(([op, items]) => `${op}(${items.join(',')})`),
  })).tree;
  const select = fc.oneof(
    fc
      .array(fc.oneof(columns, embed, fc.constantFrom('*', 'a:name', 'id::text', 'id::evil', 'name::int')), {
        minLength: 1,
        maxLength: 4,
      })
      .map((xs) => xs.join(',')),
    text,
  );
  const order = fc
    .array(fc.tuple(columns, fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.up')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((xs) => xs.map(([c, d]) => `${c}${d}`).join(','));
  const param = fc.oneof(
    {
      arbitrary: fc.tuple(
        columns,
        fc.tuple(operator, text).map(([o, v]) => `${o}.${v}`),
      ),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(
        fc.constantFrom('or', 'and', 'not.or'),
        logic.map((t) => t.replace(/^[a-z.]+/, '')),
      ),
      weight: 3,
    },
    { arbitrary: fc.tuple(fc.constant('select'), select), weight: 3 },
    { arbitrary: fc.tuple(fc.constant('order'), fc.oneof(order, text)), weight: 2 },
    {
      arbitrary: fc.tuple(
        fc.constantFrom('limit', 'offset', 'people.limit'),
        fc.oneof(fc.nat({ max: 20 }).map(String), text),
      ),
      weight: 2,
    },
    { arbitrary: fc.tuple(text, text), weight: 1 },
  );
  return fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
    table: fc.constant(table),
    params: fc.array(param, { maxLength: 3 }),
    raw: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: text, weight: 1 }),
    headers,
    body,
  });
}
const request = tables.chain(requestFor);

describe('fuzzing /api/db', () => {
  it('never answers 5xx nor leaks SQL, whatever the query string, headers and body', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const search = new URLSearchParams(r.params);
        const query = r.raw === undefined ? search.toString() : `${search.toString()}&${r.raw}`;
        const path = `/api/db/${r.table}?${query}`;
        const withBody = r.method !== 'GET' && r.method !== 'HEAD';
        const res = await server.fetch(path, {
          method: r.method,
          headers: { ...r.headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { body: r.body } : {}),
        });
        const text = await res.text();
        expect(res.status, `${r.method} ${path} -> ${text}`).toBeLessThan(500);
        expect(leaks(text, [...decoded(query), query]), `${r.method} ${path} -> ${text}`).toBe(false);
      }),
      { numRuns: 400, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);

  it('never answers 5xx for random text as a whole query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), tables, async (raw, table) => {
        const res = await server.fetch(`/api/db/${table}?${raw.replaceAll('#', '%23')}`);
        const text = await res.text();
        expect(res.status, `${raw} -> ${text}`).toBeLessThan(500);
        expect(leaks(text, [...decoded(raw), raw]), `${raw} -> ${text}`).toBe(false);
      }),
      { numRuns: 300, interruptAfterTimeLimit: 30_000 },
    );
  }, 60_000);
});

// the identity server (/api/.ory): self-service flows, their submits and the session endpoints
const FLOW_KINDS = ['login', 'registration', 'recovery', 'verification', 'settings'] as const;
const FIELDS = [
  'method',
  'identifier',
  'password',
  'traits',
  'traits.email',
  'email',
  'code',
  'csrf_token',
  'provider',
  'totp_code',
  'lookup_secret',
  'passkey_login',
  'webauthn_login',
  'transient_payload',
];
const METHODS = fc.constantFrom('password', 'code', 'profile', 'totp', 'lookup_secret', 'passkey', 'oidc', 'webauthn');
const identityBody = fc.oneof(
  fc.json(),
  fc.dictionary(
    fc.oneof({ arbitrary: fc.constantFrom(...FIELDS), weight: 5 }, { arbitrary: text, weight: 1 }),
    fc.oneof(
      { arbitrary: text, weight: 4 },
      { arbitrary: METHODS, weight: 2 },
      { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('email', 'name', 'first'), text), text), weight: 1 },
      { arbitrary: fc.anything(), weight: 1 },
    ),
    { maxKeys: 5 },
  ),
);
const identityRequest = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(...FLOW_KINDS),
      flow: fc.oneof({ arbitrary: fc.constant('own'), weight: 4 }, { arbitrary: text, weight: 1 }),
      form: fc.boolean(),
      body: identityBody,
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          ...FLOW_KINDS.flatMap((k) => [`/self-service/${k}/flows?id=`, `/self-service/${k}/browser?return_to=`]),
          '/self-service/login/api?aal=',
          '/self-service/login/browser?refresh=true&return_to=',
          '/self-service/errors?id=',
          '/self-service/logout?token=',
          '/self-service/methods/oidc/callback/x?state=',
          '/sessions/whoami?x=',
        ),
        text,
      )
      .map(([path, value]) => ({ get: `${path}${encodeURIComponent(value)}` })),
  },
);

describe('fuzzing /api/.ory', () => {
  it('never answers 5xx, whatever the flow, fields (NUL included) and form encoding', async () => {
    const flows = new Map<string, string>();
    for (const kind of FLOW_KINDS) {
      const res = await fetch(`${server.url}/api/.ory/self-service/${kind}/api`);
      if (res.ok) flows.set(kind, ((await res.json()) as { id: string }).id);
    }
    await fc.assert(
      fc.asyncProperty(identityRequest, async (r) => {
        let path: string;
        let init: RequestInit = { headers: { accept: 'application/json' } };
        if ('get' in r) {
          path = `/api/.ory${r.get}`;
        } else {
          const flow = r.flow === 'own' ? (flows.get(r.kind) ?? '') : r.flow;
          path = `/api/.ory/self-service/${r.kind}?flow=${encodeURIComponent(flow)}`;
          const body =
            r.form && r.body && typeof r.body === 'object' && !Array.isArray(r.body)
              ? new URLSearchParams(
                  Object.entries(r.body).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
                ).toString()
              : JSON.stringify(r.body);
          const type = r.form ? 'application/x-www-form-urlencoded' : 'application/json';
          init = { method: 'POST', headers: { accept: 'application/json', 'content-type': type }, body };
        }
        const res = await fetch(`${server.url}${path}`, { ...init, redirect: 'manual' });
        const body = await res.text();
        expect(res.status, `${init.method ?? 'GET'} ${path} ${String(init.body ?? '')} -> ${body}`).toBeLessThan(500);
        expect(leaks(body, [path, String(init.body ?? '')]), `${path} -> ${body}`).toBe(false);
      }),
      { numRuns: 250, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);
});
