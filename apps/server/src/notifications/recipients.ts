import type { Executor } from '../events/queue.js';
import type { CustomService } from './rules.js';

/** Who one history row is for; never holds a secret (URLs are addressed by their index in the rule). */
export type RecipientRef =
  | { kind: 'person'; id: string }
  | { kind: 'team'; id: string }
  | { kind: 'custom'; index: number; fallback: boolean }
  | { kind: 'playbook'; id: string };

export interface ExpandedRecipient {
  ref: RecipientRef;
  /** Shown in the history: "person:<id>", "email:a@b.c", "connection://ns/name", "slack://…". */
  label: string;
  personId: string | null;
  teamId: string | null;
}

interface RuleRecipients {
  person_id: string | null;
  /** A playbook run with the event's resource (not for fallbacks). */
  playbook_id?: string | null;
  team_id: string | null;
  custom_services: unknown;
  fallback_person_id: string | null;
  fallback_team_id: string | null;
  fallback_custom_services: unknown;
}

/** A label for a custom service that names the channel without its secret. */
export function serviceLabel(s: CustomService): string {
  if (s.email) return `email:${s.email}`;
  if (s.connection) return s.connection;
  if (s.url) return `${s.url.split(':')[0]}://…`;
  return 'unknown';
}

/** The recipients of a rule (or of its fallback), one history row each. */
export function expandRecipients(rule: RuleRecipients, fallback = false): ExpandedRecipient[] {
  const out: ExpandedRecipient[] = [];
  const person = fallback ? rule.fallback_person_id : rule.person_id;
  const team = fallback ? rule.fallback_team_id : rule.team_id;
  const services = (fallback ? rule.fallback_custom_services : rule.custom_services) as CustomService[] | null;
  if (person)
    out.push({ ref: { kind: 'person', id: person }, label: `person:${person}`, personId: person, teamId: null });
  if (team) out.push({ ref: { kind: 'team', id: team }, label: `team:${team}`, personId: null, teamId: team });
  if (!fallback && rule.playbook_id) {
    const id = rule.playbook_id;
    out.push({ ref: { kind: 'playbook', id }, label: `playbook:${id}`, personId: null, teamId: null });
  }
  (services ?? []).forEach((s, index) => {
    out.push({ ref: { kind: 'custom', index, fallback }, label: serviceLabel(s), personId: null, teamId: null });
  });
  return out;
}

/** Email addresses of a person, or of every member of a team. */
export async function emailsOf(db: Executor, ref: RecipientRef): Promise<string[]> {
  if (ref.kind === 'person') {
    const p = await db.selectFrom('people').select('email').where('id', '=', ref.id).executeTakeFirst();
    return p?.email ? [p.email] : [];
  }
  if (ref.kind === 'team') {
    const rows = await db
      .selectFrom('team_members')
      .innerJoin('people', 'people.id', 'team_members.person_id')
      .select('people.email')
      .where('team_members.team_id', '=', ref.id)
      .where('people.deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.email).filter((e): e is string => Boolean(e));
  }
  return [];
}
