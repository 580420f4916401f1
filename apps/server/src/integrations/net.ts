/** Splits `host:port` (`[::1]:443` for IPv6) into its parts; `defaultPort` when the port is omitted. */
export function splitHostPort(endpoint: string, defaultPort?: number): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(endpoint.trim());
  const host = m?.[1] ?? m?.[2];
  const port = m?.[3] ? Number(m[3]) : defaultPort;
  if (!host || !port) throw new Error(`invalid endpoint "${endpoint}" (expected host:port)`);
  return { host, port };
}

/** Whole days from `now` until `date` (negative once past). */
export function daysUntil(date: Date, now: Date): number {
  return Math.floor((date.getTime() - now.getTime()) / 86_400_000);
}
