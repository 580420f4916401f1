import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { useState } from 'react';
import { useSession } from '../../../app/session.js';
import { Menu } from '../../../ui/Menu.js';
import { type PlaybookSummary, playbookQueries, type RunTarget } from '../api.js';
import { RunDialog } from './RunDialog.js';

/**
 * The Playbooks menu of a resource (check detail, catalog item, component): the playbooks whose
 * selectors match it, each opening the run dialog. Shown to those who may write playbook runs.
 */
export function PlaybooksMenu({ target }: { target: RunTarget }) {
  const session = useSession();
  const allowed = session.can('playbook_runs', 'update');
  const list = useQuery({ ...playbookQueries.list(target), enabled: allowed });
  const [chosen, setChosen] = useState<PlaybookSummary | null>(null);
  if (!allowed || !list.data?.length) return null;
  return (
    <>
      <Menu
        label="Playbooks"
        triggerClassName="inline-flex h-8 items-center gap-1 rounded-md border border-zinc-300 px-2 text-sm text-zinc-700 hover:bg-zinc-50"
        trigger={
          <>
            <BookOpenCheck aria-hidden className="h-4 w-4" /> Playbooks
          </>
        }
        items={list.data.map((p) => ({
          kind: 'action' as const,
          label: p.title || p.name,
          onSelect: () => setChosen(p),
        }))}
      />
      {chosen && <RunDialog playbook={chosen} target={target} onClose={() => setChosen(null)} />}
    </>
  );
}
