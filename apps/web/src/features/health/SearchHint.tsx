import { CircleHelp } from 'lucide-react';
import { usePopover } from '../../ui/usePopover.js';
import { SEARCH_EXAMPLES } from './searchQuery.js';

/**
 * The search box's hint ("Resource search hint"): a help button that opens
 * the syntax with examples; picking an example puts it in the search box. Escape or a click
 * elsewhere closes it.
 */
export function SearchHint({ onPick }: { onPick: (query: string) => void }) {
  const { open, setOpen, root, button, id } = usePopover();

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Search syntax"
        title="Search syntax"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <CircleHelp aria-hidden className="h-4 w-4" />
      </button>
      {open && (
        <div
          id={id}
          role="dialog"
          aria-label="Search syntax"
          className="absolute top-9 left-0 z-30 w-[26rem] rounded-lg bg-white p-3 text-sm text-zinc-700 shadow-lg ring-1 ring-zinc-200"
        >
          <p>
            Words match the name, description or endpoint; all words must match. Filter a field with{' '}
            <code className="font-mono text-xs">field=value</code>: <Field>name</Field>, <Field>type</Field>,{' '}
            <Field>health</Field>, <Field>namespace</Field>, <Field>canary</Field>, <Field>label.key</Field> or just a
            label key. Commas mean any of, <code className="font-mono text-xs">*</code> matches anything,{' '}
            <code className="font-mono text-xs">!=</code> or a leading <code className="font-mono text-xs">!</code>{' '}
            excludes.
          </p>
          <ul aria-label="Search examples" className="mt-2 flex flex-col gap-0.5">
            {SEARCH_EXAMPLES.map(([query, meaning]) => (
              <li key={query}>
                <button
                  type="button"
                  aria-label={`Search ${query}`}
                  onClick={() => {
                    onPick(query);
                    setOpen(false);
                  }}
                  className="flex w-full items-baseline gap-3 rounded px-1.5 py-1 text-left hover:bg-zinc-100"
                >
                  <code className="shrink-0 font-mono text-xs text-indigo-700">{query}</code>
                  <span className="text-xs text-zinc-500">{meaning}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Field({ children }: { children: string }) {
  return <code className="font-mono text-xs">{children}</code>;
}
