import { describe, expect, it } from 'vitest';
import { resourceHealth } from '../../../src/resourceHealth.js';

describe('kubernetes resource health', () => {
  it.each([
    [
      'a deployment whose rollout missed its deadline',
      {
        kind: 'Deployment',
        spec: { replicas: 3 },
        status: {
          readyReplicas: 1,
          conditions: [
            { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'rs timed out' },
          ],
        },
      },
      { status: 'unhealthy', ready: false, message: 'rs timed out' },
    ],
    [
      'a deployment mid-rollout',
      { kind: 'Deployment', spec: { replicas: 3 }, status: { readyReplicas: 2, updatedReplicas: 2 } },
      { status: 'progressing', ready: false, message: '2/3 ready' },
    ],
    [
      'a statefulset with every replica ready',
      { kind: 'StatefulSet', spec: { replicas: 2 }, status: { readyReplicas: 2, updatedReplicas: 2 } },
      { status: 'healthy', ready: true },
    ],
    [
      'a failed job',
      { kind: 'Job', status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] } },
      { status: 'unhealthy', message: 'BackoffLimitExceeded' },
    ],
    [
      'a node that is not ready',
      {
        kind: 'Node',
        status: { conditions: [{ type: 'Ready', status: 'False', message: 'kubelet stopped posting' }] },
      },
      { status: 'unhealthy', message: 'kubelet stopped posting' },
    ],
    ['a pending claim', { kind: 'PersistentVolumeClaim', status: { phase: 'Pending' } }, { status: 'progressing' }],
    ['a completed pod', { kind: 'Pod', status: { phase: 'Succeeded' } }, { status: 'healthy', ready: true }],
    [
      'a custom resource with a Ready condition',
      { kind: 'Certificate', status: { conditions: [{ type: 'Ready', status: 'False', reason: 'Expired' }] } },
      { status: 'unhealthy', message: 'Expired' },
    ],
    ['a custom resource without conditions', { kind: 'Widget', status: {} }, { status: 'unknown', ready: true }],
  ])('%s', (_name, resource, expected) => {
    expect(resourceHealth(resource)).toMatchObject(expected);
  });
});
