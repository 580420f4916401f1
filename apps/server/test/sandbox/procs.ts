import { readdirSync, readFileSync } from 'node:fs';

/**
 * Host pids of live (not zombie) processes whose command line is exactly `argv`. A sandboxed run
 * has its own PID namespace as root, so the pids it prints itself are not the host's: tests find
 * its processes by a command line no other process has.
 */
export function processesRunning(argv: readonly string[]): number[] {
  const want = `${argv.join('\0')}\0`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8') !== want) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
