/** Zero uuid: the local instance, no agent. */
const NO_AGENT = '00000000-0000-0000-0000-000000000000';

/** True when the UI may edit a resource: it was made in the UI (or by hand, no source) and no agent owns it. */
export function isUiManaged(source: string | null | undefined, agentId?: string | null): boolean {
  const fromUi = !source || source === 'UI';
  return fromUi && (!agentId || agentId === NO_AGENT);
}

/**
 * Where a read-only resource comes from and a link there: an agent's
 * page, the component that defines it, or the catalog for a cluster resource definition of `kind`.
 */
export function originOf(
  source: string | null | undefined,
  agentId?: string | null,
  kind = 'Canary',
): { label: string; href?: string } {
  if (agentId && agentId !== NO_AGENT) return { label: 'an agent', href: `/settings/agents?id=${agentId}` };
  const s = source ?? '';
  const component = /^component[:/](.+)$/i.exec(s);
  if (component?.[1]) return { label: 'a component', href: `/topology/${component[1]}` };
  if (/crd|kubernetes/i.test(s))
    return { label: 'a Kubernetes resource (CRD)', href: `/catalog?type=Kubernetes::${kind}` };
  // applied with `opsdeck apply -f` or POST /api/apply: the file is the source of truth
  if (s === 'ConfigFile') return { label: 'YAML (opsdeck apply)' };
  return { label: s || 'another source' };
}
