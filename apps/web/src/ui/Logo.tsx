import { cx } from './cx.js';

/** The OpsDeck mark, with the name unless `compact`; `dark` for dark backgrounds. */
export function Logo({
  compact = false,
  dark = false,
  className,
}: {
  compact?: boolean;
  dark?: boolean;
  className?: string;
}) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7 shrink-0">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M8 10h16M8 16h10M8 22h13" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {!compact && (
        <span className={cx('text-base font-semibold tracking-tight', dark ? 'text-white' : 'text-zinc-900')}>
          OpsDeck
        </span>
      )}
    </span>
  );
}
