import { type ReactNode, useId } from 'react';
import { cx } from '../cx.js';

/** Input classes shared by the settings forms. */
export const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900 shadow-xs focus:border-blue-500 focus:outline-none focus:ring-1 focus:ring-blue-500 disabled:bg-zinc-100 disabled:text-zinc-500 aria-invalid:border-red-500';

export interface FormFieldProps {
  label: string;
  required?: boolean;
  error?: string;
  help?: string;
  className?: string;
  /** Renders the control with the ids that tie it to its label, help and error. */
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** A labelled form control with the required marker (*), help text and its error below. */
export function FormField({ label, required, error, help, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      {/* the marker is drawn by CSS so the label's name stays the field's name */}
      <label
        htmlFor={id}
        className={cx(
          'text-xs font-medium text-zinc-700',
          required && "after:ml-0.5 after:text-red-600 after:content-['*']",
        )}
      >
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {help && !error && (
        <p id={helpId} className="text-xs text-zinc-500">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
