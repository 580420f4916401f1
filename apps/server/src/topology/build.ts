import type { ComponentProperty, ComponentSpec, TopologyResource } from '@opsdeck/schema';
import type { ExecuteContext } from '../health/index.js';
import { componentsFromValues, type LookedUpComponent, runLookup } from './lookup.js';
import { type ConfigReader, resolveProperties } from './properties.js';
import { renderDeep, renderString } from './templating.js';

/**
 * Turns a Topology spec into the tree of components one run produces: the root
 * from the Topology itself, static components as written, components returned by lookups (each
 * extended by `forEach`), with their properties resolved. Nothing is stored here (persist.ts).
 */

/** One component of a run's tree, before it is stored. */
export interface BuiltComponent {
  name: string;
  type: string | null;
  text: string | null;
  icon: string | null;
  tooltip: string | null;
  owner: string | null;
  namespace: string | null;
  lifecycle: string | null;
  labels: Record<string, string>;
  hidden: boolean;
  externalId: string;
  /** What the spec or the lookup says of the component itself (roll-up adds children and checks). */
  ownStatus: string | null;
  ownHealth: string | null;
  statusReason: string | null;
  properties: ComponentProperty[];
  selectors: unknown[];
  checks: unknown[];
  configs: unknown[];
  /** Log selectors (`logs:`): where the Logs page finds this component's lines. */
  logs: unknown[];
  statusExpr: string | null;
  healthExpr: string | null;
  order: number | null;
  children: BuiltComponent[];
}

export interface BuildContext {
  execute: ExecuteContext;
  configs: ConfigReader;
  /** Lookup and property errors: a run with any deletes nothing. */
  errors: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function labelsOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (val !== null && val !== undefined) out[k] = String(val);
  return out;
}

function externalIdOf(spec: ComponentSpec, vars: Record<string, unknown>, fallback: string): string {
  const id = spec.id;
  const template = typeof id === 'string' ? id : id?.template;
  if (template) return renderString(template, vars) || fallback;
  return spec.externalID ?? fallback;
}

/** A component from its spec (and, for a lookup result, what the lookup returned). */
function baseComponent(spec: ComponentSpec, found?: LookedUpComponent): BuiltComponent {
  const name = str(found?.name) ?? spec.name ?? 'unnamed';
  const vars = { component: { ...(found ?? {}), name }, properties: {} };
  return {
    name,
    type: str(found?.type) ?? spec.type ?? null,
    text: str(found?.text) ?? spec.text ?? null,
    icon: str(found?.icon) ?? spec.icon ?? null,
    tooltip: str(found?.tooltip) ?? spec.tooltip ?? null,
    owner: str(found?.owner) ?? spec.owner ?? null,
    namespace: str(found?.namespace) ?? spec.namespace ?? null,
    lifecycle: str(found?.lifecycle) ?? spec.lifecycle ?? null,
    labels: { ...labelsOf(spec.labels), ...labelsOf(found?.labels) },
    hidden: typeof found?.hidden === 'boolean' ? found.hidden : (spec.hidden ?? false),
    externalId: str(found?.external_id) ?? str(found?.externalID) ?? externalIdOf(spec, vars, name),
    ownStatus: str(found?.status) ?? spec.status ?? null,
    ownHealth: str(found?.health) ?? spec.health ?? null,
    statusReason: str(found?.status_reason) ?? str(found?.statusReason) ?? spec.statusReason ?? null,
    properties: [
      ...(spec.properties ?? []),
      ...((Array.isArray(found?.properties) ? found.properties : []) as ComponentProperty[]),
    ],
    selectors: [...(spec.selectors ?? []), ...(Array.isArray(found?.selectors) ? found.selectors : [])],
    checks: [...(spec.checks ?? [])],
    configs: [...(spec.configs ?? [])],
    logs: [...(spec.logs ?? []), ...(Array.isArray(found?.logs) ? found.logs : [])],
    statusExpr: str(found?.statusExpr) ?? spec.statusExpr ?? null,
    healthExpr: str(found?.healthExpr) ?? spec.healthExpr ?? null,
    order: typeof spec.order === 'number' ? spec.order : null,
    children: [],
  };
}

/** Applies `forEach` to one component: templated children, properties, selectors, configs, checks. */
async function applyForEach(spec: ComponentSpec, c: BuiltComponent, ctx: BuildContext): Promise<void> {
  const each = spec.forEach;
  if (!each) return;
  const properties: Record<string, unknown> = {};
  for (const p of c.properties) if (p.name) properties[p.name] = p.text ?? p.value;
  const vars = {
    component: { name: c.name, type: c.type, labels: c.labels, properties, external_id: c.externalId },
    properties,
  };
  const render = <T>(v: T): T => renderDeep(v, vars);
  try {
    c.properties.push(...render(each.properties ?? []));
    c.selectors.push(...render(each.selectors ?? []));
    c.configs.push(...render(each.configs ?? []));
    c.checks.push(...render(each.checks ?? []));
    for (const child of each.components ?? []) c.children.push(...(await expand(render(child), ctx)));
  } catch (err) {
    // a template that does not render is the run's error, not a crash: nothing is deleted
    ctx.errors.push(`${c.name} forEach: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** One spec component as the components it stands for (several when it has a lookup). */
export async function expand(spec: ComponentSpec, ctx: BuildContext): Promise<BuiltComponent[]> {
  const out: BuiltComponent[] = [];
  const found: Array<LookedUpComponent | undefined> = [];
  if (spec.lookup) {
    const result = await runLookup(spec.lookup, ctx.execute);
    ctx.errors.push(...result.errors.map((e) => `${spec.name ?? 'component'} lookup: ${e}`));
    const parsed = componentsFromValues(result.values);
    if (parsed.error) ctx.errors.push(`${spec.name ?? 'component'} lookup: ${parsed.error}`);
    found.push(...parsed.components);
  } else {
    found.push(undefined);
  }
  for (const f of found) {
    const c = baseComponent(spec, f);
    if (f && Array.isArray(f.components)) {
      for (const nested of f.components as LookedUpComponent[]) c.children.push(baseComponent({}, nested));
    }
    if (!spec.lookup) for (const child of spec.components ?? []) c.children.push(...(await expand(child, ctx)));
    await applyForEach(spec, c, ctx);
    out.push(c);
  }
  return out;
}

/** Resolves property lookups and configLookups of a whole tree, children first. */
async function resolveTree(c: BuiltComponent, siblings: BuiltComponent[], ctx: BuildContext): Promise<void> {
  for (const child of c.children) await resolveTree(child, c.children, ctx);
  c.properties = await resolveProperties(c, siblings, ctx);
}

/** The tree of one run of `topology`: its root with everything below it. */
export async function buildTopology(topology: TopologyResource, ctx: BuildContext): Promise<BuiltComponent> {
  const spec = topology.spec;
  const root = baseComponent({
    name: topology.metadata.name,
    text: spec.text ?? spec.label,
    icon: spec.icon,
    type: spec.type,
    tooltip: spec.tooltip,
    owner: spec.owner,
    namespace: topology.metadata.namespace ?? 'default',
    labels: topology.metadata.labels,
    properties: spec.properties,
    configs: spec.configs,
    statusExpr: spec.statusExpr,
    healthExpr: spec.healthExpr,
    id: spec.id,
  });
  for (const c of spec.components ?? []) root.children.push(...(await expand(c, ctx)));
  // a sole virtual child is only a grouping: its children belong to the root
  const sole = root.children.length === 1 ? root.children[0] : undefined;
  if (sole?.type === 'virtual') root.children = sole.children;
  inheritLabels(root, root.labels);
  await resolveTree(root, [], ctx);
  return root;
}

/** Topology labels are copied onto components that lack the key. */
function inheritLabels(c: BuiltComponent, labels: Record<string, string>): void {
  for (const child of c.children) {
    child.labels = { ...labels, ...child.labels };
    inheritLabels(child, labels);
  }
}
