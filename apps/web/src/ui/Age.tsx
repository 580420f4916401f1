import { useSyncExternalStore } from 'react';
import { type DateInput, formatAgeWithSuffix, toDate } from '../utils/age.js';

// one shared ticker so a page of ages re-renders together, every 30 s
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** How long ago `date` was ('5m', '2d', '1y'; with suffix ' ago', '5m ago' or 'just now'), exact time in a tooltip. */
export function Age({
  date,
  suffix = '',
  className,
}: {
  date: DateInput | null | undefined;
  suffix?: string;
  className?: string;
}) {
  // re-render on the shared tick; the age itself is measured against the real clock
  useSyncExternalStore(subscribe, () => now);
  const d = toDate(date);
  if (!d) return null;
  return (
    <time dateTime={d.toISOString()} title={d.toLocaleString()} className={className}>
      {formatAgeWithSuffix(d, suffix)}
    </time>
  );
}
