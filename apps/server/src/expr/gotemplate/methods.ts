import { ExprDuration } from '../values.js';
import type { TemplateFunc } from './builtins.js';

/** Methods Go's time.Time and time.Duration offer templates (`.Hours`, `.Unix`, `.String`). */
export function methodOf(receiver: unknown, name: string): TemplateFunc | undefined {
  if (receiver instanceof ExprDuration) {
    const ms = receiver.ms;
    const m: Record<string, TemplateFunc> = {
      Hours: () => ms / 3_600_000,
      Minutes: () => ms / 60_000,
      Seconds: () => ms / 1000,
      Milliseconds: () => Math.trunc(ms),
      String: () => receiver.toString(),
    };
    return m[name];
  }
  if (receiver instanceof Date) {
    const d = receiver;
    const m: Record<string, TemplateFunc> = {
      Unix: () => Math.floor(d.getTime() / 1000),
      UnixMilli: () => d.getTime(),
      Year: () => d.getUTCFullYear(),
      Month: () => d.getUTCMonth() + 1,
      Day: () => d.getUTCDate(),
      Hour: () => d.getUTCHours(),
      Minute: () => d.getUTCMinutes(),
      Second: () => d.getUTCSeconds(),
      UTC: () => d,
      String: () => d.toISOString(),
    };
    return m[name];
  }
  return undefined;
}
