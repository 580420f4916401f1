import type { ReactNode } from 'react';

/** A titled part of a resource form, with an optional action (such as "Add") beside its title. */
export function FormSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold text-zinc-800">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}
