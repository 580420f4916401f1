import { RESOURCES } from '@opsdeck/schema/rbac';
import { describe, expect, it } from 'vitest';
import { navEntries, REDIRECTS, ROUTES } from './routeConfig.js';

// the main-app routes
const SPEC_PATHS = [
  '/topology',
  '/topology/:id',
  '/view/topology/:id',
  '/view/health',
  '/incidents',
  '/incidents/:id',
  '/health',
  '/playbooks',
  '/playbooks/runs',
  '/playbooks/runs/:id',
  '/applications',
  '/applications/:namespace/:name',
  '/views/:id',
  '/notifications',
  '/notifications/rules',
  '/notifications/resource/:resourceId',
  '/notifications/silences',
  '/notifications/silences/add',
  '/settings/connections',
  '/settings/permissions',
  '/settings/users',
  '/settings/jobs',
  '/settings/feature-flags',
  '/settings/event-queue-status',
  '/settings/agents',
  '/settings/tokens',
  '/settings/integrations',
  '/settings/integrations/:type/:id',
  '/settings/views',
  '/logs',
  '/catalog',
  '/catalog/changes',
  '/catalog/insights',
  '/catalog/scrapers',
  '/catalog/scrapers/:id',
  '/catalog/:id',
  '/catalog/:id/changes',
  '/catalog/:id/insights',
  '/catalog/:id/relationships',
  '/catalog/:id/playbooks',
  '/catalog/:id/checks',
];

describe('route config', () => {
  const paths = ROUTES.map((r) => r.path);

  it('has every route of the spec', () => {
    expect(SPEC_PATHS.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('writes each path once', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every entry a known resource and a feature key', () => {
    for (const r of ROUTES) {
      expect(RESOURCES, r.path).toContain(r.resource);
      expect(r.feature, r.path).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
    }
  });

  it('needs write access to add a silence or edit an integration', () => {
    const action = (path: string) => ROUTES.find((r) => r.path === path)?.action ?? 'read';
    expect(action('/notifications/silences/add')).not.toBe('read');
    expect(action('/settings/integrations/:type/:id')).not.toBe('read');
    expect(action('/incidents')).toBe('read');
  });

  it('lists the sidebar in the spec order with its feature keys', () => {
    expect(navEntries('main').map((r) => [r.nav?.label, r.path, r.feature])).toEqual([
      ['Dashboard', '/topology', 'topology'],
      ['Health', '/health', 'health'],
      ['Objectives', '/objectives', 'health'],
      ['Incidents', '/incidents', 'incidents'],
      ['Catalog', '/catalog', 'config'],
      ['Logs', '/logs', 'logs'],
      ['Playbooks', '/playbooks', 'playbooks'],
      ['Applications', '/applications', 'applications'],
    ]);
  });

  it('sorts the settings menu by name and keeps its flags under settings', () => {
    const labels = navEntries('settings').map((r) => r.nav?.label ?? '');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(labels).toEqual(expect.arrayContaining(['Connections', 'Feature Flags', 'Jobs History', 'Log Backends']));
    for (const r of navEntries('settings')) expect(r.feature.startsWith('settings.')).toBe(true);
  });

  it('redirects / to /topology and /configs to /catalog', () => {
    expect(REDIRECTS).toEqual([
      { from: '/', to: '/topology' },
      { from: '/configs', to: '/catalog' },
    ]);
  });
});
