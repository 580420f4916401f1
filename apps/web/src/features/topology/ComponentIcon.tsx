import {
  Box,
  Boxes,
  Cloud,
  Database,
  Globe,
  HardDrive,
  type LucideIcon,
  Network,
  Server,
  ShoppingCart,
  Terminal,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  database: Database,
  postgres: Database,
  mysql: Database,
  sql: Database,
  http: Globe,
  api: Globe,
  service: Cloud,
  host: Server,
  server: Server,
  node: Server,
  kubernetes: Boxes,
  group: Boxes,
  network: Network,
  disk: HardDrive,
  process: Terminal,
  shop: ShoppingCart,
};

/** The icon of a component: its own icon name, else its type, else a box. */
export function ComponentIcon({
  icon,
  type,
  className,
}: {
  icon: string | null;
  type: string | null;
  className?: string;
}) {
  const key = (icon ?? '').toLowerCase();
  const Icon = ICONS[key] ?? ICONS[(type ?? '').toLowerCase()] ?? Box;
  return <Icon aria-hidden className={className ?? 'h-5 w-5 shrink-0 text-zinc-500'} />;
}
