import { Activity, Database, Globe, type LucideIcon, Network, Server, Terminal } from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  http: Globe,
  dns: Network,
  tcp: Network,
  icmp: Network,
  postgres: Database,
  mysql: Database,
  mssql: Database,
  sql: Database,
  mongo: Database,
  redis: Database,
  exec: Terminal,
  kubernetes: Server,
  pod: Server,
};

/** A small icon for a check type (or its own icon name when it names a known type). */
export function CheckIcon({ type, icon }: { type: string; icon?: string | undefined }) {
  const Icon = ICONS[icon ?? ''] ?? ICONS[type] ?? Activity;
  return <Icon aria-hidden className="h-4 w-4 shrink-0 text-zinc-400" />;
}
