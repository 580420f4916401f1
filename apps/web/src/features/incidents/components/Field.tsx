import type { ReactNode } from 'react';
import { cx } from '../../../ui/cx.js';

/** Input look shared by the incident forms. */
export const inputClass =
  'h-8 w-full rounded-md border-0 bg-white px-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-500 disabled:bg-zinc-50 disabled:text-zinc-500';

/** A labelled form control with its validation message underneath. */
export function Field({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
