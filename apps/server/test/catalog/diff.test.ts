import { describe, expect, it } from 'vitest';
import { diffConfigs, mergePatch } from '../../src/catalog/diff.js';
import { changeFingerprint } from '../../src/catalog/fingerprint.js';

describe('diffConfigs', () => {
  it('ignores key order and reports what changed', () => {
    expect(diffConfigs({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toBeUndefined();
    const d = diffConfigs(
      { spec: { replicas: 1, image: 'v1' }, gone: true, list: [1, 2] },
      { spec: { replicas: 3, image: 'v1' }, list: [1, 2, 3], added: 'x' },
    );
    expect(d?.patch).toEqual({ gone: null, spec: { replicas: 3 }, list: [1, 2, 3], added: 'x' });
    expect(d?.paths).toEqual(['gone', 'spec.replicas', 'list', 'added']);
    expect(d?.summary).toBe('gone, spec.replicas, list, added');
    expect(d?.diff).toContain('-    "replicas": 1\n');
    expect(d?.diff).toContain('+    "replicas": 3\n');
  });

  it('builds RFC 7386 merge patches', () => {
    expect(mergePatch({ a: { b: 1, c: 2 } }, { a: { b: 1 } })).toEqual({ a: { c: null } });
    expect(mergePatch([1], { a: 1 })).toEqual({ a: 1 });
  });
});

describe('changeFingerprint', () => {
  it('is the same for the same kind of change with other numbers, ids and times', () => {
    const a = changeFingerprint({
      change_type: 'diff',
      patches: { status: { restarts: 3, pod: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', at: '2026-03-01T10:00:00Z' } },
    });
    const b = changeFingerprint({
      change_type: 'diff',
      patches: { status: { restarts: 4, pod: '9a8b7c6d-1d2a-4c3b-9e8f-0a1b2c3d4e5f', at: '2026-03-02T11:30:00Z' } },
    });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toBe(b);
  });

  it('differs for other values, other types and other paths; none without patches or details', () => {
    const base = changeFingerprint({ change_type: 'diff', patches: { color: 'red' } });
    expect(changeFingerprint({ change_type: 'diff', patches: { color: 'blue' } })).not.toBe(base);
    expect(changeFingerprint({ change_type: 'Paint', patches: { color: 'red' } })).not.toBe(base);
    expect(changeFingerprint({ change_type: 'diff', patches: { colour: 'red' } })).not.toBe(base);
    expect(changeFingerprint({ change_type: 'diff' })).toBeNull();
  });

  it('skips the Kubernetes fields that churn on every write', () => {
    const a = changeFingerprint({
      change_type: 'diff',
      patches: { metadata: { resourceVersion: '1', labels: { a: 'b' } } },
    });
    const b = changeFingerprint({
      change_type: 'diff',
      patches: { metadata: { resourceVersion: 'x9', labels: { a: 'b' } } },
    });
    expect(a).toBe(b);
  });
});
