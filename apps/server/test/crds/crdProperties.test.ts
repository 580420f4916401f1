import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { canaryIssues } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResourceValidationError } from '../../src/resourceYaml.js';
import { crdPaths, describeCrdProperties, setCrdPath } from './crdProperties.js';

// The table mechanism itself, on the Team CRD with a schema written for this test.
/** Every kind issue 28 names, with a fixture the other kinds' table tests read. */
const KINDS = [
  'playbook',
  'view',
  'application',
  'notification',
  'notificationsilence',
  'permission',
  'permissiongroup',
  'connection',
  'team',
  'incidentrule',
  'scope',
  'canary',
  'topology',
  'scrapeconfig',
];

const team = z.strictObject({
  apiVersion: z.string(),
  kind: z.literal('Team'),
  metadata: z.object({ name: z.string() }),
  spec: z.strictObject({
    displayName: z.string().optional(),
    icon: z.string().optional(),
    members: z.array(z.string()).max(0, 'members come from the people screen').optional(),
  }),
});

function validate(doc: unknown) {
  const parsed = team.safeParse(doc);
  if (!parsed.success) throw new ResourceValidationError(canaryIssues(parsed.error));
  return parsed.data;
}

describeCrdProperties({
  fixture: 'team',
  validate,
  minimal: () => ({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Team',
    metadata: { name: 't' },
    spec: {},
  }),
  table: {
    'spec.displayName': 'handled',
    'spec.icon': 'handled',
    'spec.members': { refused: 'members come from the people screen' },
  },
});

describe('setCrdPath', () => {
  it('appends a seeded item at every list step and returns the concrete path', () => {
    const doc: Record<string, unknown> = { spec: { actions: [{ name: 'first' }] } };
    const at = setCrdPath(doc, 'spec.actions[].http.headers[].name', 'X', {
      'spec.actions[]': { name: 'a' },
      'spec.actions[].http': { url: 'http://x' },
    });
    expect(at).toEqual(['spec', 'actions', 1, 'http', 'headers', 0, 'name']);
    expect(doc).toEqual({
      spec: { actions: [{ name: 'first' }, { name: 'a', http: { url: 'http://x', headers: [{ name: 'X' }] } }] },
    });
  });

  it('every fixture of issue 28 lists paths', () => {
    for (const kind of KINDS) expect(crdPaths(kind).length).toBeGreaterThan(0);
  });
});

describe('scripts/crd-paths.mjs', () => {
  const CRD = [
    'apiVersion: apiextensions.k8s.io/v1',
    'kind: CustomResourceDefinition',
    'spec:',
    '  names: {kind: Team}',
    '  versions:',
    '    - name: v1',
    '      storage: true',
    '      schema:',
    '        openAPIV3Schema:',
    '          properties:',
    '            status: {type: object, properties: {ready: {type: boolean}}}',
    '            spec:',
    '              properties:',
    '                members: {type: array, items: {type: string}}',
    '                kind: {type: string, enum: [a, b]}',
    '                labels: {type: object, additionalProperties: {type: string}}',
    '                extra: {type: object, x-kubernetes-preserve-unknown-fields: true}',
    '                rules:',
    '                  type: array',
    '                  items:',
    '                    properties:',
    '                      port: {x-kubernetes-int-or-string: true}',
    '                      routes: {type: object, additionalProperties: {properties: {to: {type: string}}}}',
  ].join('\n');

  it('lists every spec leaf of a CRD read on stdin with its type, sorted, status left out', () => {
    const script = path.resolve(import.meta.dirname, '../../../../scripts/crd-paths.mjs');
    const out = JSON.parse(execFileSync(process.execPath, [script], { input: CRD, encoding: 'utf8' }));
    expect(out).toEqual({
      kind: 'Team',
      version: 'v1',
      paths: [
        { path: 'spec.extra', type: 'object' },
        { path: 'spec.kind', type: 'string', enum: ['a', 'b'] },
        { path: 'spec.labels', type: 'map<string>' },
        { path: 'spec.members', type: 'string[]' },
        { path: 'spec.rules[].port', type: 'int-or-string' },
        { path: 'spec.rules[].routes{}.to', type: 'string' },
      ],
    });
  });
});
