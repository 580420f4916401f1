import { CHANNEL_URL_FORMATS } from '@opsdeck/schema/notificationChannels';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../ui/Button.js';
import { inputClass } from '../../../ui/forms/FormField.js';
import { fetchConnectionNames } from '../connections/api.js';
import { CONNECTION_TYPES } from '../connections/connectionTypes.js';
import {
  CHANNEL_KINDS,
  type ChannelEntry,
  type ChannelKind,
  channelEntries,
  channelKind,
  channelTarget,
  connectionRef,
  withTarget,
} from './channelEntries.js';

const NOTIFY_TYPES = new Set(CONNECTION_TYPES.filter((t) => t.group === 'Notifications').map((t) => t.type));

/** The stored connections a rule can notify through (the notification connection types), by name. */
const notifyConnections = {
  queryKey: ['settings', 'channels', 'connections'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await fetchConnectionNames(signal)).filter((r) => NOTIFY_TYPES.has(r.type)),
  staleTime: 30_000,
};

/**
 * A rule's channels (`custom_services`): each a connection picked by name, a channel URL checked
 * against its scheme, or an email address; each row's problem (`errors['<name>.<i>']`) below it.
 */
export function ChannelsInput({
  name,
  label,
  item = 'Channel',
  value,
  errors,
  readOnly,
  onChange,
}: {
  name: string;
  label: string;
  /** What one row is called in its controls' names ('Channel 1 kind', 'Add channel'). */
  item?: string;
  value: unknown;
  errors: Record<string, string | undefined>;
  readOnly: boolean;
  onChange: (value: ChannelEntry[]) => void;
}) {
  const entries = channelEntries(value);
  const connections = useQuery(notifyConnections);
  const listId = useId();
  const set = (i: number, entry: ChannelEntry) => onChange(entries.map((e, j) => (j === i ? entry : e)));

  return (
    <fieldset className="flex flex-col gap-2" aria-label={label}>
      <legend className="mb-1 text-xs font-medium text-zinc-700">{label}</legend>
      <datalist id={listId}>
        {CHANNEL_URL_FORMATS.map((f) => (
          <option key={f.scheme} value={`${f.scheme}://`}>
            {f.label}
          </option>
        ))}
      </datalist>
      {entries.length === 0 && <p className="text-xs text-zinc-500">No channels.</p>}
      {entries.map((entry, i) => {
        const kind = channelKind(entry);
        const target = channelTarget(entry);
        const error = errors[`${name}.${i}`];
        const n = i + 1;
        const known = connections.data?.some((c) => connectionRef(c) === target);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place
          <div key={i} className="flex flex-col gap-1">
            <div className="flex items-start gap-2">
              <div className="w-40 shrink-0">
                <select
                  aria-label={`${item} ${n} kind`}
                  className={inputClass}
                  value={kind}
                  disabled={readOnly}
                  onChange={(e) => set(i, withTarget(entry, e.target.value as ChannelKind, ''))}
                >
                  {CHANNEL_KINDS.map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {k.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="min-w-0 flex-1">
                {kind === 'connection' ? (
                  <select
                    aria-label={`${item} ${n} connection`}
                    aria-invalid={!!error || undefined}
                    className={inputClass}
                    value={target}
                    disabled={readOnly}
                    onChange={(e) => set(i, withTarget(entry, 'connection', e.target.value))}
                  >
                    <option value="">
                      {connections.isFetching
                        ? 'Loading…'
                        : connections.data?.length
                          ? 'Select a connection'
                          : 'No notification connections yet'}
                    </option>
                    {target && !known && <option value={target}>{target}</option>}
                    {connections.data?.map((c) => (
                      <option key={c.id} value={connectionRef(c)}>
                        {c.name} ({c.type}
                        {c.namespace && c.namespace !== 'default' ? `, ${c.namespace}` : ''})
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    aria-label={`${item} ${n} ${kind === 'url' ? 'URL' : 'email'}`}
                    aria-invalid={!!error || undefined}
                    className={`${inputClass} font-mono`}
                    type={kind === 'email' ? 'email' : 'text'}
                    list={kind === 'url' ? listId : undefined}
                    placeholder={kind === 'url' ? 'slack://hook:AAA-BBB-CCC@webhook' : 'oncall@example.com'}
                    value={target}
                    readOnly={readOnly}
                    onChange={(e) => set(i, withTarget(entry, kind, e.target.value))}
                  />
                )}
              </div>
              {!readOnly && (
                <button
                  type="button"
                  aria-label={`Remove ${item.toLowerCase()} ${n}`}
                  className="rounded p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
                  onClick={() => onChange(entries.filter((_, j) => j !== i))}
                >
                  <X className="h-4 w-4" />
                </button>
              )}
            </div>
            {error && <p className="text-xs text-red-600">{error}</p>}
          </div>
        );
      })}
      {!readOnly && (
        <div>
          <Button icon={<Plus className="h-3.5 w-3.5" />} onClick={() => onChange([...entries, { connection: '' }])}>
            Add {item.toLowerCase()}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
