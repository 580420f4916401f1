import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import YAML from 'yaml';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { cx } from '../../../ui/cx.js';
import { inputClass } from '../../../ui/forms/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.js';
import { DEFAULT_NAMESPACE, GITOPS_CHARTS, type GitOpsChart } from './charts.js';
import { fluxText, helmText } from './gitops.js';

/** Integrations added directly, each through its own editor; Log Backends go with the logs feature. */
const DIRECT = [
  { label: 'Custom Topology', to: '/settings/topologies/new' },
  { label: 'Catalog Scraper', to: '/settings/config_scrapers/new' },
  { label: 'Log Backends', to: '/settings/logging_backends/new', feature: 'logs' },
] as const;

function valuesOf(chart: GitOpsChart, text: string): { values?: Record<string, unknown>; problems: string[] } {
  let doc: unknown;
  try {
    doc = text.trim() ? YAML.parse(text) : {};
  } catch (err) {
    return { problems: [(err as Error).message.split('\n')[0] ?? 'not YAML'] };
  }
  const parsed = chart.values.safeParse(doc ?? {});
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'values'}: ${i.message}`) };
  return { values: parsed.data, problems: [] };
}

/** Generated install text with a Copy button. */
function Code({ body, label }: { body: string; label: string }) {
  const copy = useCopyToClipboard();
  return (
    <section aria-label={label} className="flex flex-col gap-2">
      <pre className="max-h-80 overflow-auto rounded bg-zinc-900 p-3 font-mono text-xs text-zinc-100">{body}</pre>
      <Button size="sm" className="self-end" onClick={() => copy(body)}>
        Copy
      </Button>
    </section>
  );
}

function GitOpsForm({ chart }: { chart: GitOpsChart }) {
  const [namespace, setNamespace] = useState(DEFAULT_NAMESPACE);
  const [text, setText] = useState(() => YAML.stringify(chart.defaults));
  const { values, problems } = useMemo(() => valuesOf(chart, text), [chart, text]);
  const install = values && {
    chart: chart.chart,
    release: chart.chart,
    namespace: namespace.trim() || DEFAULT_NAMESPACE,
    values,
  };
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700">
          Namespace
          <input className={inputClass} value={namespace} onChange={(e) => setNamespace(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700">
          Values (YAML, checked against the chart's schema)
          <textarea
            rows={14}
            spellCheck={false}
            className={cx(inputClass, 'font-mono text-xs')}
            aria-invalid={problems.length > 0 || undefined}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {problems.length > 0 && (
          <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          You will need to have Kubernetes chart installed in flux to use this option.
        </p>
        {install ? (
          <Tabs
            label="Install with"
            tabs={[
              { id: 'flux', label: 'Flux', content: <Code label="Flux manifests" body={fluxText(install)} /> },
              { id: 'helm', label: 'Helm CLI', content: <Code label="Helm commands" body={helmText(install)} /> },
            ]}
          />
        ) : (
          <p className="text-xs text-zinc-500">Fix the values to see the install text.</p>
        )}
      </div>
    </div>
  );
}

/** Add Integration (full size): through GitOps (generated Flux or Helm text) or directly in an editor. */
export function AddIntegrationModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const [chosen, setChosen] = useState<GitOpsChart>();
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      defaultExpanded
      expandable
      title={chosen ? `Add ${chosen.label}` : 'Add Integration'}
    >
      {chosen ? (
        <div className="flex flex-col gap-3">
          <Button size="sm" className="self-start" onClick={() => setChosen(undefined)}>
            Back
          </Button>
          <GitOpsForm key={chosen.id} chart={chosen} />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <section aria-label="Add via GitOps" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-zinc-800">Add via GitOps</h3>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-3">
              {GITOPS_CHARTS.map((c) => (
                <Button key={c.id} onClick={() => setChosen(c)}>
                  {c.label}
                </Button>
              ))}
            </div>
          </section>
          <section aria-label="Add Directly" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-zinc-800">Add Directly</h3>
            <div className="grid grid-cols-2 gap-2 md:grid-cols-3">
              {DIRECT.filter((d) => !('feature' in d) || !session.featureDisabled(d.feature)).map((d) => (
                <Link
                  key={d.label}
                  to={d.to}
                  onClick={onClose}
                  className="rounded-md border border-zinc-300 px-3 py-2 text-center text-sm hover:bg-zinc-50"
                >
                  {d.label}
                </Link>
              ))}
            </div>
          </section>
        </div>
      )}
    </Modal>
  );
}
