import { describe, expect, it } from 'vitest';
import { maintenanceWindowsKind as kind } from '../resources/kinds/maintenanceWindows.js';
import { parseRowYaml, rowYaml } from '../resources/resourceValues.js';
import { cronOf, describeRecurrence, readCron } from './recurrence.js';
import { formatInstant, fromLocalInput, toLocalInput } from './zonedTime.js';

describe('date-time pickers on a time zone', () => {
  it.each([
    ['2026-11-30T02:00', 'Europe/Berlin', '2026-11-30T01:00:00Z'],
    ['2026-07-01T02:00', 'Europe/Berlin', '2026-07-01T00:00:00Z'],
    ['2026-03-29T03:30', 'Europe/Berlin', '2026-03-29T01:30:00Z'],
    ['2026-11-30T02:00', 'America/New_York', '2026-11-30T07:00:00Z'],
    ['2026-11-30T02:00', 'Asia/Kolkata', '2026-11-29T20:30:00Z'],
    ['2026-11-30T02:00', 'UTC', '2026-11-30T02:00:00Z'],
  ])('%s on %s is %s, and back', (local, zone, iso) => {
    expect(fromLocalInput(local, zone)).toBe(iso);
    expect(toLocalInput(iso, zone)).toBe(local);
  });

  it('reads nothing from an empty or broken value', () => {
    expect(fromLocalInput('', 'UTC')).toBeUndefined();
    expect(toLocalInput('soon', 'UTC')).toBe('');
  });
});

describe('recurrence', () => {
  it.each([
    ['0 2 * * *', 'daily', 'Every day at 02:00 (UTC) for 2h'],
    ['30 4 * * 0', 'weekly', 'Every Sunday at 04:30 (UTC) for 2h'],
    ['0 23 15 * *', 'monthly', 'Day 15 of every month at 23:00 (UTC) for 2h'],
    ['*/5 * * * 1-5', 'custom', 'Cron */5 * * * 1-5 (UTC) for 2h'],
  ])('%s reads as %s and writes back the same', (cron, repeat, words) => {
    const r = readCron(cron);
    expect(r.repeat).toBe(repeat);
    expect(cronOf(r)).toBe(cron);
    expect(describeRecurrence(cron, '2h', undefined)).toBe(words);
  });
});

describe('maintenance window form <-> YAML', () => {
  it.each([
    {
      name: 'db upgrade',
      description: 'Postgres 17',
      spec: {
        start: '2026-11-30T01:00:00Z',
        end: '2026-11-30T02:00:00Z',
        configs: [{ name: 'db', types: ['Postgres'] }],
      },
    },
    {
      name: 'weekly patching',
      description: null,
      spec: {
        schedule: '0 2 * * 0',
        duration: '2h',
        timezone: 'Europe/Berlin',
        start: '2026-01-01T00:00:00Z',
        checks: [{ labelSelector: 'team=platform', namespace: 'prod' }],
        components: [{ id: '8d1f6c1e-0000-4000-8000-000000000001' }],
      },
    },
  ])('$name comes back as it went', (form) => {
    const parsed = parseRowYaml(kind, rowYaml(kind, form));
    expect(parsed.ok && parsed.values).toEqual(form);
    expect(kind.validate?.(form)).toEqual({});
  });

  it('names what is missing beside its field', () => {
    expect(kind.validate?.({ name: '', spec: { checks: [{}] } })).toEqual({
      name: 'This field is required',
      'spec.start': 'Pick when it starts',
      'spec.end': 'Pick when it ends',
      'spec.checks': 'Choose what it silences: at least one selector of checks, components or config items',
    });
    expect(
      kind.validate?.({
        name: 'x',
        spec: { start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z', checks: [{ name: 'a' }] },
      }),
    ).toEqual({ 'spec.end': 'Must be after the start' });
  });
});

describe('an instant for people', () => {
  it('reads in the zone with its name', () => {
    expect(formatInstant('2026-11-29T20:30:00Z', 'Asia/Kolkata')).toMatch(/Nov 30, 2026.*2:00\sAM GMT\+5:30/);
  });
});
