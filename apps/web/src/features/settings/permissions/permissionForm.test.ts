import { describe, expect, it } from 'vitest';
import type { PermissionRow } from './api.js';
import {
  emptyForm,
  formErrors,
  fromRow,
  REQUIRED,
  selectorSummary,
  toInput,
  withResource,
  withResourceKind,
  withSelectorKind,
  withSubjectKind,
} from './permissionForm.js';

describe('permission form', () => {
  it('clears the other subject ids when the subject kind changes', () => {
    const form = { ...emptyForm(), subject: { team_id: 't1' } };
    const person = withSubjectKind(form, 'Person');
    expect(person.subject).toEqual({});
    expect(toInput({ ...person, subject: { person_id: 'p1' }, resource: { object: 'canaries' } })).toMatchObject({
      team_id: null,
      person_id: 'p1',
      notification_id: null,
    });
  });

  it('clears the other resource ids when the resource kind changes', () => {
    const form = { ...emptyForm(), resourceKind: 'Connection' as const, resource: { connection_id: 'c1' } };
    const catalog = withResourceKind(form, 'Catalog');
    expect(catalog.resource).toEqual({});
    expect(toInput({ ...catalog, resource: { config_id: 'x' } })).toMatchObject({
      connection_id: null,
      config_id: 'x',
      object: null,
    });
  });

  it.each([
    ['Playbook', undefined, 'playbook:run', 'playbook:run'],
    ['Global', 'playbooks', 'playbook:approve', 'playbook:approve'],
    ['Global', 'canaries', 'playbook:run', 'read'],
    ['Connection', undefined, 'playbook:approve', 'read'],
  ] as const)('on %s %s keeps %s as %s', (kind, object, action, expected) => {
    let form = withResourceKind({ ...emptyForm(), resourceKind: 'Playbook', action }, kind);
    if (object) form = withResource({ ...form, action }, object);
    expect(form.action).toBe(expected);
  });

  it('requires a subject and a resource', () => {
    expect(formErrors(emptyForm())).toEqual({ subject: REQUIRED, resource: REQUIRED });
    expect(formErrors({ ...emptyForm(), subject: { team_id: 't' }, resource: { object: 'rbac' } })).toEqual({});
  });

  it('writes an object selector and clears it when the resource kind changes', () => {
    const form = {
      ...withResourceKind({ ...emptyForm(), resource: { object: 'canaries' } }, 'Selector'),
      subjectKind: 'Person' as const,
      subject: { person_id: 'p1' },
    };
    expect(form.resource).toEqual({});
    expect(formErrors(form).resource).toBe('Set at least one of name, namespace, types or labels');
    const filled = {
      ...form,
      selector: { ...form.selector, labelSelector: 'env=prod', types: 'Kubernetes::Pod, AWS::EC2' },
    };
    expect(formErrors(filled)).toEqual({});
    expect(toInput(filled)).toMatchObject({
      object: null,
      config_id: null,
      object_selector: { configs: [{ types: ['Kubernetes::Pod', 'AWS::EC2'], labelSelector: 'env=prod' }] },
    });
    const global = withResourceKind(filled, 'Global');
    expect(toInput({ ...global, resource: { object: 'catalog' } }).object_selector).toBeNull();
    expect(withResourceKind(global, 'Selector').selector.labelSelector).toBe('');
  });

  it('offers playbook actions only for a playbook selector, and keeps selectors it does not show', () => {
    const form = { ...withResourceKind(emptyForm(), 'Selector'), action: 'read' };
    const playbooks = { ...withSelectorKind(form, 'playbooks'), action: 'playbook:run' };
    expect(withSelectorKind(playbooks, 'configs').action).toBe('read');
    const row = {
      action: 'read',
      deny: false,
      until: null,
      description: null,
      person_id: 'p1',
      object_selector: { configs: [{ name: 'a*' }, { namespace: 'prod' }], playbooks: [{ name: 'x' }] },
    } as unknown as PermissionRow;
    const edited = fromRow(row);
    expect(edited.resourceKind).toBe('Selector');
    expect(edited.selector.name).toBe('a*');
    expect(toInput({ ...edited, selector: { ...edited.selector, name: 'b*' } }).object_selector).toEqual({
      configs: [{ name: 'b*' }, { namespace: 'prod' }],
      playbooks: [{ name: 'x' }],
    });
    expect(selectorSummary(row.object_selector ?? {})).toBe(
      'Catalog items: name=a*; namespace=prod · Playbooks: name=x',
    );
  });
});
