import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { stringify } from 'yaml';
import { errorMessage } from '../../api/errors.js';
import { cx } from '../../ui/cx.js';
import { LazyYamlEditor } from '../../ui/forms/LazyYamlEditor.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { DiffView } from './DiffView.js';

const noop = () => {};

/** The Config tab: the item's config as YAML or JSON in a read-only viewer, and a diff against an earlier version. */
export function ConfigSpec({ configId, config }: { configId: string; config: unknown }) {
  const [format, setFormat] = useState<'yaml' | 'json'>('yaml');
  const [against, setAgainst] = useState('');
  const versions = useQuery(catalogQueries.versions(configId));
  const version = useQuery({ ...catalogQueries.version(configId, against), enabled: !!against });
  const text = format === 'yaml' ? stringify(config ?? null) : JSON.stringify(config ?? null, null, 2);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset aria-label="Format" className="inline-flex rounded-md ring-1 ring-zinc-300">
          {(['yaml', 'json'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={format === f}
              onClick={() => setFormat(f)}
              className={cx(
                'px-3 py-1 text-xs font-medium uppercase',
                format === f ? 'bg-indigo-600 text-white' : 'text-zinc-700',
              )}
            >
              {f}
            </button>
          ))}
        </fieldset>
        <label className="flex items-center gap-1.5 text-sm text-zinc-700">
          Compare with
          <select
            aria-label="Compare with version"
            value={against}
            onChange={(e) => setAgainst(e.target.value)}
            className="h-8 max-w-md rounded-md border border-zinc-300 bg-white px-2 text-sm"
          >
            <option value="">(no comparison)</option>
            {(versions.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                before {new Date(v.created_at).toLocaleString()} ({v.summary ?? 'diff'})
              </option>
            ))}
          </select>
        </label>
      </div>
      {against ? (
        version.isLoading ? (
          <LoadingBlock />
        ) : version.error ? (
          <p className="text-sm text-red-700">{errorMessage(version.error)}</p>
        ) : (
          <DiffView diff={version.data?.diff} label="Diff against the earlier version" />
        )
      ) : (
        <div className="h-[60vh] overflow-hidden rounded-md ring-1 ring-zinc-200" data-testid="config-viewer">
          <LazyYamlEditor value={text} onChange={noop} readOnly label="Config" />
        </div>
      )}
    </div>
  );
}
