import { LoaderCircle } from 'lucide-react';
import { cx } from './cx.js';

/** A spinning indicator with a label for screen readers. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2 text-zinc-500', className)}>
      <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner filling its container, for pages and panels that are loading. */
export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-32 w-full items-center justify-center gap-2 text-sm text-zinc-500">
      <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" />
      {label}…
    </div>
  );
}
