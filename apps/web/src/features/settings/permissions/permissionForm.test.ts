import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  formErrors,
  REQUIRED,
  toInput,
  withResource,
  withResourceKind,
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
});
