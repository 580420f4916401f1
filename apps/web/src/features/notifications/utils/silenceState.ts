/** Where a silence stands at `now`: deleted, not yet started, running, or over. */
export type SilenceState = 'deleted' | 'scheduled' | 'active' | 'expired';

/** A silence's state; `until` null means it never ends. */
export function silenceState(
  s: { from: string | null; until: string | null; deleted_at: string | null },
  now: Date = new Date(),
): SilenceState {
  if (s.deleted_at) return 'deleted';
  const t = now.getTime();
  if (s.from && new Date(s.from).getTime() > t) return 'scheduled';
  if (s.until && new Date(s.until).getTime() < t) return 'expired';
  return 'active';
}

/** The resource a silence names, as kind and id; null for silences by filter only. */
export function silencedResource(s: {
  check_id: string | null;
  canary_id: string | null;
  config_id: string | null;
  component_id: string | null;
}): { kind: 'check' | 'canary' | 'config' | 'component'; id: string } | null {
  if (s.check_id) return { kind: 'check', id: s.check_id };
  if (s.canary_id) return { kind: 'canary', id: s.canary_id };
  if (s.config_id) return { kind: 'config', id: s.config_id };
  if (s.component_id) return { kind: 'component', id: s.component_id };
  return null;
}
