import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { localPropertiesQuery } from './api.js';

/** Properties set by the environment (source local): listed read-only above the editable ones. */
export function LocalProperties() {
  const local = useQuery(localPropertiesQuery());
  const rows = local.data ?? [];
  if (!rows.length) return null;
  return (
    <section aria-label="Set by the environment" className="rounded-lg border border-zinc-200 bg-white">
      <h2 className="flex items-center gap-1.5 border-b border-zinc-200 px-3 py-2 text-xs font-medium text-zinc-600">
        <Lock aria-hidden className="h-3.5 w-3.5" />
        Set by the environment (OPSDECK_PROPERTIES): read-only, and they win over a row of the same name
      </h2>
      <table aria-label="Local properties" className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="px-3 py-1.5 font-medium">Name</th>
            <th className="px-3 py-1.5 font-medium">Value</th>
            <th className="px-3 py-1.5 font-medium">Source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-t border-zinc-100">
              <td className="px-3 py-1.5 font-mono text-xs">{r.name}</td>
              <td className="px-3 py-1.5 font-mono text-xs">{r.value}</td>
              <td className="px-3 py-1.5 text-xs text-zinc-500">local</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
