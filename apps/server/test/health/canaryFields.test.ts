import { describe, expect, it } from 'vitest';
import { CanaryValidationError, validateCanary } from '../../src/health/canaryYaml.js';

/** Spec-level and common fields: each is honoured or refused with its path, never ignored. */

function issues(spec: Record<string, unknown>): string[] {
  try {
    validateCanary({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'shop' }, spec });
  } catch (err) {
    if (err instanceof CanaryValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
  return [];
}

const exec = (extra: Record<string, unknown> = {}) => ({ name: 'e', script: 'true', ...extra });
const metric = (name: string, type = 'gauge', labels: string[] = []) => ({
  name,
  type,
  value: '1',
  labels: labels.map((l) => ({ name: l, value: 'x' })),
});

describe('custom metrics', () => {
  it('accepts Prometheus names and labels, refuses others naming the path', () => {
    expect(issues({ exec: [exec({ metrics: [metric('shop:orders_total', 'counter', ['env'])] })] })).toEqual([]);
    expect(issues({ exec: [exec({ metrics: [metric('orders-queued')] })] })).toEqual([
      'spec.exec[0].metrics[0].name: must be a Prometheus metric name (letters, digits, underscores, colons)',
    ]);
    expect(issues({ exec: [exec({ metrics: [metric('q', 'gauge', ['1st', '__name', 'env', 'env'])] })] })).toEqual([
      'spec.exec[0].metrics[0].labels[0].name: must be a Prometheus label name (letters, digits, underscores)',
      'spec.exec[0].metrics[0].labels[1].name: label names starting with __ are reserved by Prometheus',
      "spec.exec[0].metrics[0].labels[3].name: duplicate label 'env'",
    ]);
    expect(issues({ exec: [exec({ metrics: [metric('latency', 'histogram', ['le'])] })] })).toEqual([
      "spec.exec[0].metrics[0].labels[0].name: 'le' is reserved for histogram buckets",
    ]);
  });

  it('refuses one name declared with two types or label sets in a canary', () => {
    const spec = {
      exec: [exec({ metrics: [metric('queued', 'gauge', ['q'])] })],
      http: [{ name: 'h', url: 'http://127.0.0.1:1', metrics: [metric('queued', 'counter', ['q'])] }],
    };
    expect(issues(spec)).toEqual([
      // check lists are read in registry order: http before exec
      "spec.exec[0].metrics[0].name: metric 'queued' is already declared at spec.http[0].metrics[0] as counter{q}; one name needs one type and one set of labels",
    ]);
  });
});

describe('spec-level fields', () => {
  it('accepts agentSelector names and globs, refuses an empty one', () => {
    expect(issues({ agentSelector: ['eu-*', '!eu-test'], exec: [exec()] })).toEqual([]);
    expect(issues({ agentSelector: [], exec: [exec()] })).toEqual([]);
    expect(issues({ agentSelector: [''], exec: [exec()] })).toEqual([
      'spec.agentSelector[0]: an agent name or glob such as eu-*',
    ]);
  });

  it('refuses canary-level env and unknown result modes', () => {
    expect(issues({ env: { TOKEN: { value: 'x' } }, exec: [exec()] })).toEqual([
      'spec.env: canary-level env is not supported; set env on the check instead (http headers, exec env, username/password)',
    ]);
    expect(issues({ resultMode: 'tap', exec: [exec()] })).toEqual(["spec.resultMode: the only result mode is 'junit'"]);
    expect(issues({ resultMode: 'junit', exec: [exec()] })).toEqual([]);
  });
});

describe('common check fields', () => {
  it('refuses relationships until the catalog exists', () => {
    expect(issues({ exec: [exec({ relationships: { configs: [{ name: 'db' }] } })] })).toEqual([
      'spec.exec[0].relationships: check relationships (links to components and config items) are not supported yet; remove relationships',
    ]);
  });

  it('takes markFailOnEmpty only on checks that query a data source', () => {
    expect(issues({ exec: [exec({ markFailOnEmpty: true })] })).toEqual([
      'spec.exec[0].markFailOnEmpty: markFailOnEmpty applies to checks that query a data source (sql, prometheus, elasticsearch, opensearch)',
    ]);
    const prometheus = [{ name: 'p', url: 'http://127.0.0.1:1', query: 'up', markFailOnEmpty: true }];
    expect(issues({ prometheus })).toEqual([]);
  });

  it('refuses dependsOn naming a missing check, itself, or a cycle', () => {
    expect(issues({ exec: [exec({ dependsOn: ['login'] })] })).toEqual([
      "spec.exec[0].dependsOn[0]: 'login' is not a check of this canary",
    ]);
    expect(issues({ exec: [exec({ dependsOn: ['e'] })] })).toEqual([
      'spec.exec[0].dependsOn[0]: a check cannot depend on itself',
    ]);
    const cycle = {
      exec: [exec({ name: 'a', dependsOn: ['b'] }), exec({ name: 'b', dependsOn: ['c'] })],
      tcp: [{ name: 'c', endpoint: '127.0.0.1:1', dependsOn: ['a'] }],
    };
    expect(issues(cycle)).toEqual(['spec.tcp[0].dependsOn: dependency cycle: c -> a -> b -> c']);
    expect(issues({ exec: [exec({ name: 'a' }), exec({ name: 'b', dependsOn: ['a'] })] })).toEqual([]);
  });

  it('refuses an expression that does not parse when the canary is applied', () => {
    expect(
      issues({
        exec: [exec(), exec({ name: 'f', test: { expr: 'code ==' }, metrics: [{ ...metric('m'), value: '1 +' }] })],
      }),
    ).toEqual([
      'spec.exec[1].test: cel "code ==": syntax error: <input>:1:6: found = but expecting end of input',
      'spec.exec[1].metrics[0].value: cel "1 +": syntax error: <input>:1:3: found + but expecting end of input',
    ]);
  });
});
