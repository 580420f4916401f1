import { describe, expect, it } from 'vitest';
import { canaryIssues, canarySchema } from '../canary.js';

/** A Canary document with the runners-2 check lists as users write them in Mission Control's format. */
function canary(spec: Record<string, unknown>) {
  return { apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'datastores' }, spec };
}
function issues(spec: Record<string, unknown>) {
  const out = canarySchema().safeParse(canary(spec));
  return out.success ? [] : canaryIssues(out.error);
}

describe('runners-2 check schemas inside a Canary', () => {
  it("accept canary-checker's field names", () => {
    const ok = issues({
      postgres: [
        {
          name: 'pg',
          url: 'postgres://$(username)@db:5432/app',
          username: { value: 'u' },
          query: 'select 1',
          results: 1,
        },
      ],
      mysql: [{ name: 'my', connection: 'connection://default/mysql', query: 'select 1' }],
      mssql: [{ name: 'ms', url: 'sqlserver://sa:pw@db:1433?database=master' }],
      redis: [
        {
          name: 'r',
          addr: 'redis:6379',
          db: 2,
          password: { valueFrom: { secretKeyRef: { name: 'redis', key: 'pw' } } },
        },
      ],
      mongodb: [{ name: 'm', url: 'mongodb://db:27017' }],
      ldap: [{ name: 'l', url: 'ldap://ldap:389', bindDN: 'ou=people,dc=example,dc=org', userSearch: '(uid=*)' }],
      elasticsearch: [
        { name: 'es', url: 'http://es:9200', index: 'logs', query: '{"query":{"match_all":{}}}', results: 1 },
      ],
      opensearch: [{ name: 'os', url: 'http://os:9200', index: 'logs' }],
      prometheus: [{ name: 'p', url: 'http://prom:9090', query: 'up', test: { expr: 'results[0].value == 1' } }],
      alertmanager: [
        {
          name: 'a',
          url: 'http://am:9093',
          alerts: ['.*'],
          ignore: ['Watchdog'],
          exclude_filters: { namespace: 'dev' },
        },
      ],
      s3: [{ name: 's', bucket: 'backups', objectPath: 'db/', region: 'eu-west-1', minCount: 1, maxAge: '25h' }],
      sftp: [{ name: 'f', host: 'files', path: '/exports', filter: { regex: '\\.csv$' }, maxAge: '1d' }],
      kubernetes: [
        {
          name: 'k',
          kind: 'Pod',
          namespaceSelector: { name: 'shop' },
          resource: { labelSelector: 'app=cart' },
          ready: true,
        },
      ],
    });
    expect(ok).toEqual([]);
  });

  it('name the path of an unknown field, a wrong type and a missing target', () => {
    expect(
      issues({
        postgres: [{ name: 'pg', url: 'postgres://db/app', result: 1 }],
        redis: [{ name: 'r', addr: 'redis:6379', db: 'zero' }],
        prometheus: [{ name: 'p', query: 'up' }],
        kubernetes: [{ name: 'k', kind: 'Certificate' }],
        s3: [{ name: 's', bucket: 'b', maxAge: 'yesterday' }],
      }).sort((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([
      {
        path: 'spec.kubernetes[0].apiVersion',
        message: 'apiVersion is required for this kind (known without it: Pod, Deployment, Service, ...)',
      },
      { path: 'spec.postgres[0].result', message: 'unknown field' },
      { path: 'spec.prometheus[0].url', message: 'a prometheus check needs url, host or connection' },
      { path: 'spec.redis[0].db', message: 'expected number, received string' },
      { path: 'spec.s3[0].maxAge', message: 'expected a duration such as 500ms, 30s, 1m30s, 2h or 7d' },
    ]);
  });
});
