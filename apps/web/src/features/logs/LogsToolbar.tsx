import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button.js';
import { componentsWithLogsQuery, logBackendsQuery, selectorsQuery } from './api.js';
import { type LogsParams, RANGES } from './useLogsParams.js';

const SELECT = 'rounded-md border-0 py-1.5 pl-2 pr-7 text-sm ring-1 ring-zinc-300 focus:ring-2 focus:ring-blue-600';

/** `2026-03-01T12:00` (the browser's local time, as datetime-local inputs hold it) ↔ ISO. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : '');

/** Component and selector pickers (or a backend named directly), the search box and the time range. */
export function LogsToolbar({
  params,
  update,
  tail,
}: {
  params: LogsParams;
  update: (patch: Partial<LogsParams>) => void;
  tail?: React.ReactNode;
}) {
  const components = useQuery(componentsWithLogsQuery);
  const backends = useQuery(logBackendsQuery);
  const selectors = useQuery({ ...selectorsQuery(params.topologyId), enabled: !!params.topologyId });
  const [text, setText] = useState(params.query);
  useEffect(() => setText(params.query), [params.query]);
  const custom = !(RANGES as readonly string[]).includes(params.start) || !!params.end;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label="Component"
        className={SELECT}
        value={params.topologyId}
        onChange={(e) => update({ topologyId: e.target.value, logsSelector: '', backend: '' })}
      >
        <option value="">Select a component</option>
        {(components.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {params.topologyId && (
        <select
          aria-label="Log selector"
          className={SELECT}
          value={params.logsSelector || selectors.data?.[0]?.name || ''}
          onChange={(e) => update({ logsSelector: e.target.value })}
        >
          {(selectors.data ?? []).map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label="Log backend"
        className={SELECT}
        value={params.backend}
        onChange={(e) => update({ backend: e.target.value, topologyId: '', logsSelector: '' })}
      >
        <option value="">or a log backend</option>
        {(backends.data ?? []).map((b) => (
          <option key={b.name} value={b.name}>
            {b.name}
          </option>
        ))}
      </select>
      <search className="w-full sm:w-auto">
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            update({ query: text.trim() });
          }}
        >
          <input
            type="search"
            aria-label="Search logs"
            placeholder="Search"
            className="min-w-0 flex-1 rounded-md border-0 py-1.5 sm:w-64 sm:flex-none text-sm ring-1 ring-zinc-300 focus:ring-2 focus:ring-blue-600"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" size="sm" icon={<Search className="h-4 w-4" />}>
            Search
          </Button>
        </form>
      </search>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <select
          aria-label="Time range"
          className={SELECT}
          value={custom ? 'custom' : params.start}
          onChange={(e) =>
            e.target.value === 'custom'
              ? update({ start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date().toISOString() })
              : update({ start: e.target.value, end: '' })
          }
        >
          {RANGES.map((r) => (
            <option key={r} value={r}>
              Last {r}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
        {custom && (
          <>
            <input
              type="datetime-local"
              aria-label="From"
              className={SELECT}
              value={toLocalInput(params.start)}
              onChange={(e) => update({ start: fromLocalInput(e.target.value) })}
            />
            <input
              type="datetime-local"
              aria-label="To"
              className={SELECT}
              value={params.end ? toLocalInput(params.end) : ''}
              onChange={(e) => update({ end: fromLocalInput(e.target.value) })}
            />
          </>
        )}
        {tail}
      </div>
    </div>
  );
}
