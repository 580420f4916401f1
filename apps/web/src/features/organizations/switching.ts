import type { Organization } from '@opsdeck/schema/organizations';
import type { QueryClient } from '@tanstack/react-query';
import { SIDEBAR_COLLAPSED_KEY } from '../../app/layout/Sidebar.js';
import { PREFERENCE_KEYS } from '../../ui/preferences.js';
import { PAGE_SIZE_KEY } from '../../ui/useTableUrlState.js';
import { CARD_WIDTH_KEY } from '../topology/utils/cards.js';
import { directSession } from './direct/session.js';

/** Display preferences belong to the person, not the organization: they survive a switch. */
const KEPT_KEYS = new Set<string>([
  PREFERENCE_KEYS.dateFormat,
  PREFERENCE_KEYS.timeZone,
  SIDEBAR_COLLAPSED_KEY,
  PAGE_SIZE_KEY,
  CARD_WIDTH_KEY,
]);

/** Forgets every cached answer and every other localStorage key: nothing of the last organization shows. */
export function clearOrganizationData(client: QueryClient, storage: Storage = window.localStorage): void {
  client.clear();
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !KEPT_KEYS.has(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Where picking an organization goes: its backend's `/organizations/orgs-switched` (each
 * organization has its own backend), or the provisioning screen while it has none yet. In direct
 * mode an organization this web app calls directly stays here: `/organizations/orgs-switched?org=`.
 */
export function switchTarget(org: Organization): string {
  if (directSession.current?.config.organizations.some((o) => o.id === org.id)) {
    return `/organizations/orgs-switched?org=${encodeURIComponent(org.id)}`;
  }
  if (!org.ready || !org.url) return `/organizations/provisioning?org=${encodeURIComponent(org.id)}`;
  const url = new URL(org.url);
  // the directory is configured by the operator, but a redirect still goes only to http(s)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '/';
  return new URL('/organizations/orgs-switched', url).toString();
}
