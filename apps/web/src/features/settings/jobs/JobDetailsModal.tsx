import { Modal } from '../../../ui/Modal.js';
import { Tabs } from '../../../ui/Tabs.js';
import type { JobHistoryRow } from './api.js';
import { jobDetailTabs, jobErrors } from './jobDetails.js';

const LABELS = { errors: 'Errors', scrape_summary: 'Scrape Summary', summary: 'Reconcile Summary' } as const;

function Json({ value }: { value: unknown }) {
  return (
    <pre className="max-h-[60vh] overflow-auto rounded bg-zinc-50 p-3 font-mono text-xs text-zinc-800">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** 'Details for job {name}': tabs Errors, Scrape Summary, Reconcile Summary, only those with content. */
export function JobDetailsModal({
  job,
  onClose,
}: {
  job: Pick<JobHistoryRow, 'name' | 'details'>;
  onClose: () => void;
}) {
  const tabs = jobDetailTabs(job.details);
  return (
    <Modal open onClose={onClose} size="lg" title={`Details for job ${job.name}`}>
      <Tabs
        label="Job details"
        tabs={tabs.map((t) => ({
          id: t,
          label: LABELS[t],
          content:
            t === 'errors' ? (
              <ul className="flex flex-col gap-1.5">
                {jobErrors(job.details).map((e, i) => (
                  // errors have no identity of their own; their order is the job's
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={i} className="rounded bg-red-50 px-2 py-1 font-mono text-xs text-red-800">
                    {e.key && <strong className="mr-1">{e.key}:</strong>}
                    {e.message}
                  </li>
                ))}
              </ul>
            ) : (
              <Json value={job.details?.[t]} />
            ),
        }))}
      />
    </Modal>
  );
}
