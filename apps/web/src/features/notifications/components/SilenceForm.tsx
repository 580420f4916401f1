import { resolveDateMath } from '@opsdeck/schema';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../ui/Button.js';
import { notificationQueries, type SilenceInput } from '../api.js';

/**
 * The instant a From/Until field names at `now` (date math such as now+2h or an RFC 3339 time, as
 * the server reads it), null when empty, or an Error saying what is wrong.
 */
function instant(text: string, now: Date): Date | null | Error {
  const s = text.trim();
  if (!s) return null;
  return (
    resolveDateMath(s, now) ??
    new Error(`"${s}" is not a time: use now, now+2h, now-1d/d or a date such as 2025-01-31T12:00:00Z`)
  );
}

/** Kinds of resource a silence can name. */
export type SilenceKind = 'check' | 'canary' | 'config' | 'component';
const KIND_LABELS: Record<SilenceKind, string> = {
  check: 'Check',
  config: 'Config item',
  component: 'Component',
  canary: 'Canary',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUICK_UNTIL = ['now+1h', 'now+2h', 'now+1d', 'now+1w'];

const control =
  'w-full rounded-md bg-white px-2.5 py-1.5 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-indigo-500 focus:outline-none';

function Row({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      {children}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-zinc-500">{hint}</p>
      )}
    </div>
  );
}

/** Start values, e.g. from `?check_id=` when a check's page links here. */
export interface SilenceFormInitial {
  kind?: SilenceKind | '';
  resourceId?: string;
}

/** The fields of a silence: resource (check, config, component or canary), from/until datemath, recursive, CEL filter, description. */
export function SilenceForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: SilenceFormInitial;
  busy: boolean;
  onSubmit: (input: SilenceInput) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [kind, setKind] = useState<SilenceKind | ''>(initial.kind ?? 'check');
  const [resourceId, setResourceId] = useState(initial.resourceId ?? '');
  const [from, setFrom] = useState('now');
  const [until, setUntil] = useState('now+2h');
  const [recursive, setRecursive] = useState(false);
  const [filter, setFilter] = useState('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const listed = kind === 'check' || kind === 'canary';
  const options = useQuery({ ...notificationQueries.names(kind === 'canary' ? 'canary' : 'check'), enabled: listed });

  const now = new Date();
  const fromAt = instant(from, now);
  const untilAt = instant(until, now);
  const errors: Partial<Record<'resource' | 'from' | 'until', string>> = {};
  if (kind && !resourceId.trim()) errors.resource = `Pick the ${KIND_LABELS[kind].toLowerCase()} to silence`;
  else if (kind && !UUID.test(resourceId.trim())) errors.resource = 'Enter the id (a UUID) of the resource';
  else if (!kind && !filter.trim()) errors.resource = 'Without a resource, a silence needs a filter';
  if (fromAt instanceof Error) errors.from = fromAt.message;
  if (untilAt instanceof Error) errors.until = untilAt.message;
  else if (untilAt && untilAt.getTime() <= (fromAt instanceof Date ? fromAt : now).getTime())
    errors.until = 'Until must be later than from';
  const show = (k: keyof typeof errors) => (tried ? errors[k] : undefined);
  const preview = (d: Date | null | Error) => (d instanceof Date ? d.toLocaleString() : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length) return;
    const input: SilenceInput = {
      from: from.trim() || undefined,
      until: until.trim() || null,
      recursive,
      filter: filter.trim() || undefined,
      description: description.trim() || undefined,
    };
    if (kind) input[`${kind}_id`] = resourceId.trim();
    onSubmit(input);
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" aria-label="Add silence">
      <div className="grid grid-cols-[12rem_1fr] gap-3">
        <Row label="Resource type" id={`${ids}-kind`}>
          <select
            id={`${ids}-kind`}
            className={control}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as SilenceKind | '');
              setResourceId('');
            }}
          >
            {(Object.keys(KIND_LABELS) as SilenceKind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
            <option value="">None (filter only)</option>
          </select>
        </Row>
        {kind &&
          (listed ? (
            <Row label={KIND_LABELS[kind]} id={`${ids}-resource`} error={show('resource')}>
              <select
                id={`${ids}-resource`}
                className={control}
                value={resourceId}
                onChange={(e) => setResourceId(e.target.value)}
              >
                <option value="">{options.isPending ? 'Loading…' : `Select a ${kind}`}</option>
                {(options.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.namespace ? `${o.namespace}/` : ''}
                    {o.name}
                    {o.type ? ` (${o.type})` : ''}
                  </option>
                ))}
              </select>
            </Row>
          ) : (
            <Row
              label={`${KIND_LABELS[kind]} id`}
              id={`${ids}-resource`}
              error={show('resource')}
              hint="The UUID shown on its page"
            >
              <input
                id={`${ids}-resource`}
                className={`${control} font-mono`}
                value={resourceId}
                onChange={(e) => setResourceId(e.target.value)}
                placeholder="00000000-0000-0000-0000-000000000000"
              />
            </Row>
          ))}
      </div>
      {!kind && show('resource') && (
        <p role="alert" className="text-xs text-red-600">
          {errors.resource}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Row label="From" id={`${ids}-from`} error={show('from')} hint={preview(fromAt) ?? 'Empty means now'}>
          <input id={`${ids}-from`} className={control} value={from} onChange={(e) => setFrom(e.target.value)} />
        </Row>
        <Row
          label="Until"
          id={`${ids}-until`}
          error={show('until')}
          hint={until.trim() ? preview(untilAt) : 'Indefinitely: the silence holds until deleted'}
        >
          <input
            id={`${ids}-until`}
            className={control}
            value={until}
            placeholder="Indefinitely"
            onChange={(e) => setUntil(e.target.value)}
          />
        </Row>
      </div>
      <div className="-mt-2 flex flex-wrap justify-end gap-1">
        {QUICK_UNTIL.map((q) => (
          <button
            key={q}
            type="button"
            onClick={() => setUntil(q)}
            className="rounded bg-zinc-100 px-2 py-0.5 font-mono text-xs text-zinc-700 hover:bg-zinc-200"
          >
            {q}
          </button>
        ))}
        <button
          type="button"
          onClick={() => setUntil('')}
          className="rounded bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 hover:bg-zinc-200"
        >
          Indefinitely
        </button>
      </div>
      <label className="flex items-start gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          checked={recursive}
          onChange={(e) => setRecursive(e.target.checked)}
          className="mt-0.5 h-4 w-4 rounded border-zinc-300"
        />
        <span>
          Recursive
          <span className="block text-xs text-zinc-500">Also silence the resource's children.</span>
        </span>
      </label>
      <Row
        label="Filter"
        id={`${ids}-filter`}
        hint={
          <>
            A CEL expression over the notification, e.g. <code>check.type == "http"</code>. The silence applies only
            when it is true.
          </>
        }
      >
        <textarea
          id={`${ids}-filter`}
          rows={2}
          className={`${control} font-mono`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Row>
      <Row label="Description" id={`${ids}-description`}>
        <textarea
          id={`${ids}-description`}
          rows={3}
          className={control}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Why notifications are held back, e.g. planned maintenance"
        />
      </Row>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
