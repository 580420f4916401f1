import { describe, expect, it } from 'vitest';
import {
  CanaryFileError,
  CanaryValidationError,
  parseCanaryFile,
  validateCanary,
} from '../../src/health/canaryYaml.js';

function issues(doc: unknown): string[] {
  try {
    validateCanary(doc);
  } catch (err) {
    if (err instanceof CanaryValidationError) return err.issues.map((i) => `${i.path}: ${i.message}`);
    throw err;
  }
  return [];
}

const canary = (spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'web', namespace: 'prod' },
  spec,
});

describe('Canary documents', () => {
  it('accepts a reference Canary unchanged', () => {
    const text = `
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: http-pass
  labels: { team: web }
spec:
  schedule: "@every 30s"
  http:
    - name: home
      url: https://example.com
      responseCodes: [200, 301]
      thresholdMillis: 3000
      test:
        expr: code == 200
  tcp:
    - name: ssh
      endpoint: 127.0.0.1:22
`;
    const [c] = parseCanaryFile(text, 'http.yaml');
    expect(c?.metadata.name).toBe('http-pass');
    expect(c?.spec.http).toHaveLength(1);
  });

  it('names the path of an unknown field and of a wrong type', () => {
    expect(issues(canary({ tcp: [{ name: 'a', endpoint: 'h:1', bogus: true }] }))).toEqual([
      'spec.tcp[0].bogus: unknown field',
    ]);
    expect(issues(canary({ http: [{ name: 'a', url: 'http://x', responseCodes: 200 }] }))[0]).toMatch(
      /^spec\.http\[0\]\.responseCodes: expected array/,
    );
  });

  it('refuses check types it cannot run, with a clear message', () => {
    expect(issues(canary({ cloudwatch: [{ name: 'a' }] }))).toEqual([
      "spec.cloudwatch: check type 'cloudwatch' is not supported yet: OpsDeck has no CloudWatch client",
    ]);
    expect(issues(canary({ docker: [{ name: 'a' }] }))[0]).toContain('has been removed');
    expect(issues(canary({ ftp: [{ name: 'a' }] }))).toEqual(['spec.ftp: unknown field']);
  });

  it('validates schedules: @every, descriptors, 5- and 6-field cron', () => {
    for (const schedule of ['@every 30s', '@every 1m30s', '@hourly', '*/5 * * * *', '*/10 * * * * *']) {
      expect(issues(canary({ schedule, tcp: [{ name: 'a', endpoint: 'h:1' }] }))).toEqual([]);
    }
    expect(issues(canary({ schedule: '@every 5x' }))[0]).toMatch(/^spec\.schedule: '@every 5x': expected @every/);
    expect(issues(canary({ schedule: '61 * * * *' }))[0]).toMatch(/^spec\.schedule: .*minute/);
    expect(issues(canary({ schedule: '* * *' }))[0]).toMatch(/^spec\.schedule: .*5 fields/);
  });

  it('accepts canary-level retries and refuses unknown retry fields', () => {
    const checks = { tcp: [{ name: 'a', endpoint: 'h:1' }] };
    expect(issues(canary({ ...checks, retries: { maxRetries: 2, delay: '1s' } }))).toEqual([]);
    expect(issues(canary({ ...checks, retries: { attempts: 2 } }))).toEqual(['spec.retries.attempts: unknown field']);
  });

  it('requires check names and refuses duplicates within a type', () => {
    expect(issues(canary({ tcp: [{ endpoint: 'h:1' }] }))[0]).toMatch(/^spec\.tcp\[0\]\.name: /);
    expect(
      issues(
        canary({
          tcp: [
            { name: 'a', endpoint: 'h:1' },
            { name: 'a', endpoint: 'h:2' },
          ],
        }),
      ),
    ).toEqual(["spec.tcp[1].name: duplicate tcp check name 'a'"]);
  });

  it('reports invalid YAML and every bad document of a file with its number', () => {
    expect(() => parseCanaryFile('spec: [1\n', 'bad.yaml')).toThrow(/bad\.yaml: invalid YAML/);
    const two = `${JSON.stringify(canary({ tcp: [{ name: 'a', endpoint: 'h:1' }] }))}\n---\nkind: Nope\n`;
    try {
      parseCanaryFile(two, 'two.yaml');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CanaryFileError);
      expect((err as CanaryFileError).problems.join('\n')).toContain('two.yaml (document 2): kind: expected Canary');
    }
  });
});
