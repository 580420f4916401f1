import { describe, expect, it } from 'vitest';
import { notificationsKind as kind } from '../resources/kinds/notifications.js';
import { parseRowYaml, rowYaml } from '../resources/resourceValues.js';

// The rule form and its YAML view edit one set of values: form -> YAML -> form loses nothing,
// including what only the YAML view shows (inhibitions, properties, grouping).
describe('notification rule form <-> YAML', () => {
  const form = {
    name: 'checkout',
    namespace: 'payments',
    events: ['check.failed', 'check.passed'],
    filter: "check.name == 'web'",
    title: '{{.check.name}} failed',
    template: 'Body',
    team_id: '5f0c5c1e-1b7b-4f7e-9a53-6b1f3f0b1a01',
    person_id: null,
    repeat_interval: '4h',
    custom_services: [
      { connection: 'connection://default/hooks', properties: { channel: 'ops' } },
      { url: 'generic+http://127.0.0.1:9/hook' },
    ],
    properties: { priority: 'high' },
    wait_for: 60,
    group_by: ['type'],
    inhibitions: [{ direction: 'outgoing', from: 'Kubernetes::Pod', to: ['Kubernetes::Deployment'] }],
    fallback_delay: '10m',
    fallback_custom_services: [{ email: 'oncall@example.com' }],
  };

  it('comes back as it went', () => {
    const parsed = parseRowYaml(kind, rowYaml(kind, form));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.values).toEqual(form);
  });

  it('a rule telling only channels has no "who is told" error', () => {
    const values = { ...form, team_id: null };
    expect(kind.validate?.(values)).toEqual({});
    expect(kind.validate?.({ ...values, custom_services: [] }).person_id).toMatch(/Choose who is told/);
  });

  it('names a broken fallback channel by its place', () => {
    expect(kind.validate?.({ ...form, fallback_custom_services: [{ url: 'pigeon://coop' }] })).toEqual({
      'fallback_custom_services.0': expect.stringContaining('unknown channel scheme "pigeon"'),
    });
  });

  it('refuses a field the rule does not have', () => {
    const parsed = parseRowYaml(kind, 'name: x\nchannels: []\n');
    expect(parsed.ok ? '' : parsed.message).toContain('unknown field channels');
  });
});
