import { api } from '../../api/client.js';

/** The kinds /api/resources/search answers. */
export type ResourceKind = 'configs' | 'checks' | 'components';

/** The fields of a ResourceSelector a picker narrows by (a playbook's `configs`, `checks`, `components`). */
export interface PickerSelector {
  id?: string;
  name?: string;
  namespace?: string;
  types?: string[];
  labelSelector?: string;
}

/** A resource as /api/resources/search answers it. */
export interface FoundResource {
  id: string;
  name: string;
  type?: string;
  namespace?: string;
}

/**
 * Resources of `kind` whose name contains every word of `text`, within any of `within` (all when
 * empty): the name pickers of the run dialog and the catalog.
 */
export async function searchResourcesByName(
  kind: ResourceKind,
  text: string,
  within: PickerSelector[] = [],
  signal?: AbortSignal,
): Promise<FoundResource[]> {
  // words without '=' so that typed text is never read as a `field=value` filter
  const search = text.replaceAll('=', ' ').replaceAll('*', ' ').trim();
  const base: PickerSelector[] = within.length ? within : [{}];
  const selectors = base.map(({ id, name, namespace, types, labelSelector }) => ({
    ...(id ? { id } : {}),
    ...(name ? { name } : {}),
    ...(namespace ? { namespace } : {}),
    ...(types?.length ? { types } : {}),
    ...(labelSelector ? { labelSelector } : {}),
    ...(search ? { search } : {}),
  }));
  const out = await api.post<Partial<Record<ResourceKind, FoundResource[]>>>(
    '/api/resources/search',
    { limit: 20, [kind]: selectors },
    { signal },
  );
  return out[kind] ?? [];
}

/** Config items whose name matches `text` (the Link to catalog picker). */
export function searchConfigs(text: string, signal?: AbortSignal) {
  return api.post<{ configs?: Array<{ id: string; name: string; type: string }> }>(
    '/api/resources/search',
    { limit: 20, configs: [{ name: `*${text.replaceAll('*', '')}*` }] },
    { signal },
  );
}
