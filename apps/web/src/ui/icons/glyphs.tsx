import {
  AppWindow,
  Archive,
  BellRing,
  BookOpen,
  Box,
  Boxes,
  Cable,
  CalendarClock,
  Container,
  Copy,
  Database,
  DatabaseZap,
  EthernetPort,
  File,
  FileSliders,
  Flame,
  Folder,
  FolderKanban,
  GitBranch,
  Globe,
  HardDrive,
  KeyRound,
  Layers,
  Leaf,
  Network,
  Play,
  Rabbit,
  Radar,
  Radio,
  Route,
  Scale,
  Search,
  Send,
  Server,
  ServerCog,
  ShieldCheck,
  ShoppingCart,
  Signpost,
  SquareFunction,
  SquareTerminal,
  Table2,
  TestTube,
  UserCog,
  Users,
  Waypoints,
  Webhook,
  Workflow,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { AwsMark, AzureMark, GcpMark, KubernetesMark } from './marks.js';
import {
  CLOUD_KINDS,
  CLOUD_PROVIDERS,
  type CloudKind,
  type CloudProvider,
  type IconName,
  KUBERNETES_KINDS,
  type KubernetesKind,
  type PLAIN_ICONS,
} from './typeIcon.js';

/** An icon drawing: a lucide icon or one of OpsDeck's marks. */
export type Glyph = ComponentType<SVGProps<SVGSVGElement>>;

/** A drawing and the colour of its family (Kubernetes blue, AWS amber, databases sky...). */
export interface IconGlyph {
  glyph: Glyph;
  tone: string;
}

const KUBERNETES_TONE = 'text-blue-600';
const KUBERNETES: Record<KubernetesKind, Glyph> = {
  pod: Box,
  deployment: Layers,
  statefulset: Database,
  daemonset: Copy,
  replicaset: Copy,
  service: Waypoints,
  node: Server,
  namespace: FolderKanban,
  configmap: FileSliders,
  secret: KeyRound,
  ingress: Route,
  job: Play,
  cronjob: CalendarClock,
  volume: HardDrive,
  serviceaccount: UserCog,
};

const PROVIDER: Record<CloudProvider, { mark: Glyph; tone: string }> = {
  aws: { mark: AwsMark, tone: 'text-amber-600' },
  azure: { mark: AzureMark, tone: 'text-sky-600' },
  gcp: { mark: GcpMark, tone: 'text-emerald-600' },
};
const CLOUD: Record<CloudKind, Glyph> = {
  vm: Server,
  bucket: Archive,
  database: Database,
  function: SquareFunction,
  network: Network,
  identity: ShieldCheck,
  loadbalancer: Scale,
};

const DB = 'text-sky-700';
const NET = 'text-violet-600';
const MSG = 'text-fuchsia-600';
const PLAIN = 'text-zinc-500';

const PLAIN_GLYPHS = {
  postgres: { glyph: Database, tone: 'text-sky-700' },
  mysql: { glyph: Database, tone: 'text-orange-600' },
  mssql: { glyph: Database, tone: 'text-red-600' },
  mongo: { glyph: Leaf, tone: 'text-green-600' },
  redis: { glyph: DatabaseZap, tone: 'text-red-600' },
  database: { glyph: Database, tone: DB },
  table: { glyph: Table2, tone: DB },
  file: { glyph: File, tone: PLAIN },
  folder: { glyph: Folder, tone: 'text-amber-500' },
  git: { glyph: GitBranch, tone: 'text-orange-600' },
  http: { glyph: Globe, tone: NET },
  dns: { glyph: Signpost, tone: NET },
  tcp: { glyph: Cable, tone: NET },
  icmp: { glyph: Radar, tone: NET },
  kafka: { glyph: Workflow, tone: MSG },
  rabbitmq: { glyph: Rabbit, tone: MSG },
  nats: { glyph: Send, tone: MSG },
  mqtt: { glyph: Radio, tone: MSG },
  prometheus: { glyph: Flame, tone: 'text-orange-600' },
  alertmanager: { glyph: BellRing, tone: 'text-orange-600' },
  exec: { glyph: SquareTerminal, tone: 'text-zinc-700' },
  service: { glyph: ServerCog, tone: 'text-indigo-600' },
  application: { glyph: AppWindow, tone: 'text-indigo-600' },
  host: { glyph: Server, tone: 'text-slate-600' },
  filesystem: { glyph: HardDrive, tone: 'text-slate-600' },
  network: { glyph: EthernetPort, tone: NET },
  container: { glyph: Container, tone: 'text-cyan-600' },
  search: { glyph: Search, tone: 'text-teal-600' },
  directory: { glyph: Users, tone: 'text-teal-600' },
  junit: { glyph: TestTube, tone: 'text-lime-700' },
  certificate: { glyph: ShieldCheck, tone: 'text-emerald-600' },
  webhook: { glyph: Webhook, tone: 'text-pink-600' },
  catalog: { glyph: BookOpen, tone: 'text-indigo-600' },
  shop: { glyph: ShoppingCart, tone: 'text-indigo-600' },
  group: { glyph: Boxes, tone: PLAIN },
  generic: { glyph: Box, tone: 'text-zinc-400' },
} satisfies Record<(typeof PLAIN_ICONS)[number], IconGlyph>;

/** Every icon of the set by name. */
export const GLYPHS: Record<IconName, IconGlyph> = (() => {
  const all: Partial<Record<IconName, IconGlyph>> = { ...PLAIN_GLYPHS };
  all.kubernetes = { glyph: KubernetesMark, tone: KUBERNETES_TONE };
  for (const kind of KUBERNETES_KINDS) all[`kubernetes-${kind}`] = { glyph: KUBERNETES[kind], tone: KUBERNETES_TONE };
  for (const provider of CLOUD_PROVIDERS) {
    const { mark, tone } = PROVIDER[provider];
    all[provider] = { glyph: mark, tone };
    for (const kind of CLOUD_KINDS) all[`${provider}-${kind}`] = { glyph: CLOUD[kind], tone };
  }
  return all as Record<IconName, IconGlyph>;
})();
