import {
  Boxes,
  ChartColumn,
  Cloud,
  Database,
  Gauge,
  HeartPulse,
  LayoutGrid,
  type LucideIcon,
  Network,
  Server,
  Shield,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  chart: ChartColumn,
  cloud: Cloud,
  database: Database,
  gauge: Gauge,
  health: HeartPulse,
  kubernetes: Boxes,
  k8s: Boxes,
  network: Network,
  server: Server,
  security: Shield,
};

/** The sidebar icon of a view from its `icon` name; unknown names get a neutral grid. */
export function viewIcon(name: string | null | undefined): LucideIcon {
  if (!name) return LayoutGrid;
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return ICONS[key] ?? LayoutGrid;
}
