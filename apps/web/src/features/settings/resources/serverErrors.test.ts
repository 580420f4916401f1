import { describe, expect, it } from 'vitest';
import { fieldOfError } from './serverErrors.js';

const FIELDS = ['name', 'events', 'filter', 'custom_services'];

describe('fieldOfError', () => {
  it.each([
    ['filter: undeclared reference to x', 'filter'],
    ['events: unknown check.exploded', 'events'],
    ['custom_services[0].url: not a channel', 'custom_services'],
    ['null value in column "events" of relation "notifications" violates not-null constraint', 'events'],
    ['duplicate key value violates unique constraint "notifications_name_namespace_key"', 'name'],
    ['invalid notification: filter: undeclared reference to x', 'filter'],
    ['something else', undefined],
    ['spec: bad', undefined],
  ])('%s -> %s', (message, field) => {
    expect(fieldOfError(message, FIELDS)).toBe(field);
  });
});
