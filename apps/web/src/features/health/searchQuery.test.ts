import { describe, expect, it } from 'vitest';
import { parseSearch, type SearchTerm, searchMatcher } from './searchQuery.js';
import { buildCheck } from './testChecks.js';
import type { CheckSummary } from './types.js';

describe('search grammar: parsing', () => {
  it.each<[string, SearchTerm[]]>([
    ['', []],
    ['   ', []],
    ['api', [{ kind: 'text', text: 'api', negate: false }]],
    [
      'api  cache',
      [
        { kind: 'text', text: 'api', negate: false },
        { kind: 'text', text: 'cache', negate: false },
      ],
    ],
    ['"the cache"', [{ kind: 'text', text: 'the cache', negate: false }]],
    ['!"the cache"', [{ kind: 'text', text: 'the cache', negate: true }]],
    ['!api', [{ kind: 'text', text: 'api', negate: true }]],
    ['name=x', [{ kind: 'field', field: 'name', values: ['x'], negate: false }]],
    ['NAME=x', [{ kind: 'field', field: 'name', values: ['x'], negate: false }]],
    ['type=http', [{ kind: 'field', field: 'type', values: ['http'], negate: false }]],
    ['health=healthy,unhealthy', [{ kind: 'field', field: 'health', values: ['healthy', 'unhealthy'], negate: false }]],
    ['status=unhealthy', [{ kind: 'field', field: 'health', values: ['unhealthy'], negate: false }]],
    ['namespace=prod', [{ kind: 'field', field: 'namespace', values: ['prod'], negate: false }]],
    ['canary=web', [{ kind: 'field', field: 'canary', values: ['web'], negate: false }]],
    ['canary_name=web', [{ kind: 'field', field: 'canary', values: ['web'], negate: false }]],
    ['label.env=prod', [{ kind: 'field', field: 'label', label: 'env', values: ['prod'], negate: false }]],
    ['env=prod', [{ kind: 'field', field: 'label', label: 'env', values: ['prod'], negate: false }]],
    [
      'app.kubernetes.io/name=api',
      [{ kind: 'field', field: 'label', label: 'app.kubernetes.io/name', values: ['api'], negate: false }],
    ],
    ['type!=tcp', [{ kind: 'field', field: 'type', values: ['tcp'], negate: true }]],
    ['!type=tcp', [{ kind: 'field', field: 'type', values: ['tcp'], negate: true }]],
    ['name="a b,c"', [{ kind: 'field', field: 'name', values: ['a b,c'], negate: false }]],
    ['name=a=b', [{ kind: 'field', field: 'name', values: ['a=b'], negate: false }]],
    ['name=', []],
    ['health=,', []],
    ['=x', [{ kind: 'text', text: '=x', negate: false }]],
    ['http://x?a=b', [{ kind: 'text', text: 'http://x?a=b', negate: false }]],
    ['127.0.0.1:80', [{ kind: 'text', text: '127.0.0.1:80', negate: false }]],
    [
      'type=http api',
      [
        { kind: 'field', field: 'type', values: ['http'], negate: false },
        { kind: 'text', text: 'api', negate: false },
      ],
    ],
  ])('%j', (query, terms) => expect(parseSearch(query)).toEqual(terms));
});

describe('search grammar: matching', () => {
  const checks = [
    buildCheck({
      name: 'api-gateway',
      type: 'http',
      canary_name: 'web',
      namespace: 'prod',
      labels: { env: 'prod', 'app.kubernetes.io/name': 'gw' },
      endpoint: 'https://gw.example.test/health',
    }),
    buildCheck({ name: 'api-db', type: 'postgres', canary_name: 'data', status: 'unhealthy', labels: { env: 'dev' } }),
    buildCheck({ name: 'cache', type: 'redis', canary_name: 'data', status: null, description: 'the cache' }),
    buildCheck({ name: 'Ledger', type: 'tcp', canary_name: 'pay', namespace: null, labels: { env: 'prod' } }),
  ];
  const names = (q: string) => checks.filter(searchMatcher(parseSearch(q))).map((c: CheckSummary) => c.name);

  it.each<[string, string[]]>([
    ['', ['api-gateway', 'api-db', 'cache', 'Ledger']],
    ['API', ['api-gateway', 'api-db']],
    ['gw.example', ['api-gateway']],
    ['the cache', ['cache']],
    ['"the cache"', ['cache']],
    ['api db', ['api-db']],
    ['!api', ['cache', 'Ledger']],
    ['name=api', []],
    ['name=api-*', ['api-gateway', 'api-db']],
    ['name=*DB', ['api-db']],
    ['name=ledger', ['Ledger']],
    ['type=http', ['api-gateway']],
    ['type=http,tcp', ['api-gateway', 'Ledger']],
    ['type!=http,tcp', ['api-db', 'cache']],
    ['health=unhealthy', ['api-db']],
    ['health=healthy,unhealthy', ['api-gateway', 'api-db', 'Ledger']],
    ['health=unknown', ['cache']],
    ['namespace=prod', ['api-gateway']],
    ['canary=data', ['api-db', 'cache']],
    ['canary_name=data !cache', ['api-db']],
    ['label.env=prod', ['api-gateway', 'Ledger']],
    ['env=prod', ['api-gateway', 'Ledger']],
    ['env=*', ['api-gateway', 'api-db', 'Ledger']],
    ['env!=prod', ['api-db', 'cache']],
    ['app.kubernetes.io/name=gw', ['api-gateway']],
    // an unknown field is a label nobody has: it matches nothing, not everything
    ['colour=blue', []],
    ['type=http env=dev', []],
    ['type=postgres api', ['api-db']],
    ['name=(api', []],
  ])('%j finds %j', (query, expected) => expect(names(query)).toEqual(expected));
});
