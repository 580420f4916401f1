import { describe, expect, it } from 'vitest';
import { parseLabels } from '../../../ui/forms/LabelsInput.js';
import { numberFromInput } from '../../../ui/forms/numberInput.js';
import { isUiManaged, originOf } from '../../../ui/forms/origin.js';
import {
  addCheck,
  docFromRow,
  docToYaml,
  issuesByPath,
  removeCheck,
  rowFromDoc,
  setCheckField,
  validateDoc,
  yamlToDoc,
} from './canaryDoc.js';
import { checkFieldErrors } from './checkForms.js';

describe('canary document', () => {
  it('round-trips through YAML without losing fields the form does not know', () => {
    const doc = docFromRow({
      name: 'api',
      namespace: 'prod',
      labels: { team: 'a' },
      spec: { schedule: '@every 1m', http: [{ name: 'home', url: 'https://x', headers: [{ name: 'a', value: 'b' }] }] },
    });
    const back = yamlToDoc(docToYaml(doc));
    expect(back).toEqual({ doc });
    expect(rowFromDoc(doc)).toEqual({ name: 'api', namespace: 'prod', labels: { team: 'a' }, spec: doc.spec });
  });

  it('starts a new canary in the default namespace with a schedule preset', () => {
    const doc = docFromRow();
    expect(doc.metadata).toEqual({ name: '', namespace: 'default' });
    expect(doc.spec).toEqual({ schedule: '@every 5m' });
  });

  it.each([
    ['a: [', 'flow sequence'],
    ['- 1\n- 2', 'expected a Canary document'],
  ])('reports YAML %j as an error', (text, message) => {
    const r = yamlToDoc(text);
    expect('error' in r ? r.error : '').toMatch(new RegExp(message, 'i'));
  });

  it('validates with the shared schema, naming the path', () => {
    let doc = docFromRow({ name: 'edge', namespace: 'default', labels: null, spec: {} });
    doc = addCheck(doc, 'tcp', {});
    doc = setCheckField(doc, 'tcp', 0, 'name', 'pg');
    doc = setCheckField(doc, 'tcp', 0, 'endpoint', 'db-without-port');
    expect(issuesByPath(validateDoc(doc)).get('spec.tcp[0].endpoint')).toBe('expected host:port');
    doc = setCheckField(doc, 'tcp', 0, 'endpoint', 'db:5432');
    expect(validateDoc(doc)).toEqual([]);
    expect(removeCheck(doc, 'tcp', 0).spec.tcp).toBeUndefined();
  });
});

describe('check form rules', () => {
  it.each([
    ['http', { name: '' }, { name: 'This field is required', url: 'This field is required' }],
    ['http', { name: 'a', url: 'https://x' }, {}],
    ['redis', { name: 'a', connection: 'connection://default/r' }, {}],
    [
      'redis',
      { name: 'a', addr: 'r:6379', thresholdMillis: 'fast' },
      { thresholdMillis: 'This field must be a number' },
    ],
    ['tcp', { name: 'a', endpoint: 'x:1', thresholdMillis: -1 }, { thresholdMillis: 'This field must be at least 0' }],
    ['http', { name: 'a', url: 'x', method: 'POST' }, {}],
  ])('%s %j', (type, check, expected) => {
    expect(Object.fromEntries(checkFieldErrors(type, check))).toEqual(expected);
  });

  it.each([
    ['', undefined],
    ['42', 42],
    ['4x', '4x'],
  ])('number input %j becomes %j', (text, value) => {
    expect(numberFromInput(text)).toBe(value);
  });

  it('parses labels typed as key=value pairs', () => {
    expect(parseLabels('team=a, env = prod ,=x, url=a=b')).toEqual({ team: 'a', env: 'prod', url: 'a=b' });
    expect(parseLabels(' ')).toBeUndefined();
  });
});

describe('editability by source', () => {
  it.each([
    [null, null, true],
    ['UI', '00000000-0000-0000-0000-000000000000', true],
    ['KubernetesCRD', null, false],
    ['UI', '6f0c2f40-1111-4111-8111-111111111111', false],
  ])('source %s agent %s editable: %s', (source, agent, editable) => {
    expect(isUiManaged(source, agent)).toBe(editable);
  });

  it('links to the origin', () => {
    expect(originOf('component:abc').href).toBe('/topology/abc');
    expect(originOf('UI', '6f0c2f40-1111-4111-8111-111111111111').href).toBe(
      '/settings/agents?id=6f0c2f40-1111-4111-8111-111111111111',
    );
    expect(originOf('ConfigFile').href).toBeUndefined();
  });
});
