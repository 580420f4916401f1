import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A page whose feature is built by a later part of OpsDeck: says plainly what will appear here,
 * so a route can exist (links, permissions, flags) before its screen does.
 */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-20 text-center"
    >
      <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Construction className="h-6 w-6" />
      </span>
      <h2 id="coming-soon-title" className="text-base font-semibold text-zinc-900">
        {title}
      </h2>
      <div className="text-sm leading-6 text-zinc-600">{children}</div>
      <p className="text-xs text-zinc-400">This screen is not built yet.</p>
    </section>
  );
}
