import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a list or table shows when it has nothing: 'No data available' unless told otherwise. */
export function EmptyState({
  message = 'No data available',
  icon,
  children,
}: {
  message?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-12 text-center text-zinc-500">
      <span aria-hidden className="text-zinc-300">
        {icon ?? <Inbox className="h-8 w-8" />}
      </span>
      <p className="text-sm font-medium text-zinc-600">{message}</p>
      {children}
    </div>
  );
}
