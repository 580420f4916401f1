import { emailSchema } from '@opsdeck/schema';
import { channelUrlProblem } from '@opsdeck/schema/notificationChannels';

/** One channel of a rule as stored in `custom_services`; fields the form does not edit (properties) are kept. */
export type ChannelEntry = Record<string, unknown> & { connection?: string; url?: string; email?: string };

/** How an entry reaches its recipient: a stored connection, a channel URL, or an email address. */
export type ChannelKind = 'connection' | 'url' | 'email';

export const CHANNEL_KINDS: ReadonlyArray<{ kind: ChannelKind; label: string }> = [
  { kind: 'connection', label: 'Connection' },
  { kind: 'url', label: 'Channel URL' },
  { kind: 'email', label: 'Email' },
];

/** The entries of a `custom_services` value (anything else reads as none). */
export function channelEntries(value: unknown): ChannelEntry[] {
  return Array.isArray(value)
    ? value.filter((v): v is ChannelEntry => !!v && typeof v === 'object' && !Array.isArray(v))
    : [];
}

/** The kind of an entry: the first of connection, url and email it names (connection for a new one). */
export function channelKind(entry: ChannelEntry): ChannelKind {
  if (typeof entry.url === 'string') return 'url';
  if (typeof entry.email === 'string') return 'email';
  return 'connection';
}

/** The entry's target as text. */
export const channelTarget = (entry: ChannelEntry): string => {
  const v = entry[channelKind(entry)];
  return typeof v === 'string' ? v : '';
};

/** A copy of `entry` reaching `target` through `kind`, keeping its other fields (properties). */
export function withTarget(entry: ChannelEntry, kind: ChannelKind, target: string): ChannelEntry {
  const { connection: _c, url: _u, email: _e, ...rest } = entry;
  return { ...rest, [kind]: target };
}

/** Why an entry cannot be saved, or undefined: the URL as its scheme needs it, a valid email, a chosen connection. */
export function channelProblem(entry: ChannelEntry): string | undefined {
  const kind = channelKind(entry);
  const target = channelTarget(entry).trim();
  if (kind === 'connection') return target ? undefined : 'Choose a connection';
  if (kind === 'email') {
    if (!target) return 'Enter an email address';
    return emailSchema().safeParse(target).success ? undefined : 'Enter a valid email address';
  }
  return channelUrlProblem(target);
}

/** The problems of a rule's channels, keyed `<column>.<index>` for the form to show beside each row. */
export function channelErrors(column: string, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  channelEntries(value).forEach((entry, i) => {
    const problem = channelProblem(entry);
    if (problem) out[`${column}.${i}`] = problem;
  });
  return out;
}

/** `connection://namespace/name` for a stored connection. */
export const connectionRef = (c: { namespace?: string | null; name: string }) =>
  `connection://${c.namespace || 'default'}/${c.name}`;
