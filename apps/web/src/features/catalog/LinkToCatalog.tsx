import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors.js';
import { Button } from '../../ui/Button.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { Modal } from '../../ui/Modal.js';
import { useToasts } from '../../ui/Toasts.js';
import { linkCheck, linkComponent } from './api.js';
import { ResourcePicker } from './ResourcePicker.js';
import { searchConfigs } from './resourceSearch.js';

/** Finds config items by name (POST /api/resources/search) and hands the chosen one back. */
function ConfigPicker({ onPick, busy }: { onPick: (configId: string) => void; busy: boolean }) {
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['catalog', 'picker', text],
    queryFn: ({ signal }) => searchConfigs(text, signal),
    enabled: text.trim().length > 0,
  });
  return (
    <div className="flex flex-col gap-2">
      <input
        aria-label="Config item name"
        placeholder="Search config items by name"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-8 rounded-md border border-zinc-300 px-2 text-sm"
      />
      <ul aria-label="Matching config items" className="flex max-h-64 flex-col gap-1 overflow-auto">
        {(found.data?.configs ?? []).map((c) => (
          <li key={c.id} className="flex items-center gap-2 text-sm">
            <TypeIcon type={c.type} />
            <span className="min-w-0 flex-1 truncate">
              {c.name} <span className="text-xs text-zinc-500">{c.type}</span>
            </span>
            <Button size="sm" disabled={busy} onClick={() => onPick(c.id)}>
              Link
            </Button>
          </li>
        ))}
        {found.data && !found.data.configs?.length && <li className="text-sm text-zinc-500">No config items found</li>}
      </ul>
    </div>
  );
}

/** "Link to catalog" for a health check or a component: pick a config item and link it by hand. */
export function LinkToCatalogButton({ checkId, componentId }: { checkId?: string; componentId?: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const toasts = useToasts();
  const link = useMutation({
    mutationFn: (configId: string) =>
      checkId ? linkCheck(checkId, configId) : linkComponent(componentId as string, configId),
    onSuccess: async () => {
      setOpen(false);
      toasts.success('Linked to the catalog');
      await client.invalidateQueries({ queryKey: ['health', 'relationships'] });
      await client.invalidateQueries({ queryKey: ['catalog'] });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  return (
    <>
      <Button size="sm" icon={<Link2 className="h-3.5 w-3.5" />} onClick={() => setOpen(true)}>
        Link to catalog
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Link to catalog" size="sm">
        <ConfigPicker onPick={(id) => link.mutate(id)} busy={link.isPending} />
      </Modal>
    </>
  );
}

/** On a config item: "Link component" opens a picker that finds a component by name and links it. */
export function LinkComponentForm({ configId }: { configId: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const toasts = useToasts();
  const link = useMutation({
    mutationFn: (componentId: string) => linkComponent(componentId, configId),
    onSuccess: async () => {
      setOpen(false);
      toasts.success('Component linked');
      await client.invalidateQueries({ queryKey: ['catalog', 'component-links', configId] });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  return (
    <>
      <div>
        <Button size="sm" icon={<Link2 className="h-3.5 w-3.5" />} onClick={() => setOpen(true)}>
          Link component
        </Button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title="Link component" size="sm">
        <ResourcePicker kind="components" pickLabel="Link" busy={link.isPending} onPick={(c) => link.mutate(c.id)} />
      </Modal>
    </>
  );
}
