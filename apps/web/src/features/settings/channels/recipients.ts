import { channelEntries } from './channelEntries.js';

/** What a list embeds of a rule's recipients: its person's and team's names. */
export const RECIPIENT_SELECT = 'person:people!person_id(name,email),team:teams!team_id(name)';

const named = (v: unknown): string => {
  if (!v || typeof v !== 'object') return '';
  const o = v as { name?: unknown; email?: unknown };
  return typeof o.name === 'string' && o.name ? o.name : typeof o.email === 'string' ? o.email : '';
};

/** Who a rule tells, by name: its person, team and playbook, then its channels (a connection's name, a URL's scheme). */
export function recipientNames(row: object): string[] {
  const r = row as { person?: unknown; team?: unknown; playbook?: unknown; custom_services?: unknown };
  const out: string[] = [];
  const person = named(r.person);
  const team = named(r.team);
  if (person) out.push(person);
  if (team) out.push(`${team} (team)`);
  const playbook = named(r.playbook);
  if (playbook) out.push(`${playbook} (playbook)`);
  for (const s of channelEntries(r.custom_services)) {
    if (typeof s.connection === 'string') out.push(s.connection.replace(/^connection:\/\/(default\/)?/, ''));
    else if (typeof s.email === 'string') out.push(s.email);
    // a URL is a credential: the list reads it masked, so only its scheme names it
    else if (typeof s.url === 'string') out.push(`${s.url.split(':')[0]} URL`);
  }
  return out;
}
