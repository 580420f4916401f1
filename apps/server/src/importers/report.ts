import type { ImportSummary } from './store.js';

const plural = (n: number, one: string) =>
  `${n} ${n === 1 ? one : one.endsWith('y') ? `${one.slice(0, -1)}ies` : `${one}s`}`;

/** The summary as text for a terminal: what is (or would be) created, then what is not carried over. */
export function formatSummary(s: ImportSummary): string {
  const verb = s.dryRun ? 'would create' : 'stored';
  const lines = [
    `${s.source} import into namespace ${s.namespace}: ${verb} ${plural(s.canaries.length, 'canary')}, ${plural(
      s.connections.length,
      'connection',
    )}, ${plural(s.notifications.length, 'notification rule')}`,
  ];
  for (const c of s.canaries) {
    const checks = c.checks.map((k) => `${k.type} "${k.name}"`).join(', ');
    lines.push(`  canary ${s.namespace}/${c.name}${c.action ? ` ${c.action}` : ''}: ${checks}`);
  }
  for (const c of s.connections)
    lines.push(`  connection ${s.namespace}/${c.name} (${c.type})${c.action ? ` ${c.action}` : ''}`);
  for (const n of s.notifications) {
    lines.push(`  notification ${s.namespace}/${n.name}: ${n.events.join(', ')} of ${plural(n.canaries, 'canary')}`);
  }
  if (s.notes.length) {
    lines.push('Carried over with a difference:');
    for (const n of s.notes) lines.push(`  ${n.item}: ${n.message}`);
  }
  if (s.skipped.length) {
    lines.push('Not carried over:');
    for (const k of s.skipped) lines.push(`  ${k.item}: ${k.message}`);
  }
  return lines.join('\n');
}
