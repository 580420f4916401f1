import { useQuery } from '@tanstack/react-query';
import { Building2, Check } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Menu } from '../../ui/Menu.js';
import { organizationQueries } from './api.js';
import { switchTarget } from './switching.js';

/** navigation, replaceable in tests */
export const orgNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** The top bar's organization switcher (hosted mode only): the organizations the provider names for you. */
export function OrganizationSwitcher() {
  const orgs = useQuery(organizationQueries.list());
  const navigate = useNavigate();
  const data = orgs.data;
  if (!data?.hosted || !data.current) return null;
  const current = data.current;
  return (
    <Menu
      label="Organization"
      triggerClassName="gap-1.5 px-2 text-sm text-zinc-700"
      trigger={
        <>
          <Building2 aria-hidden className="h-4 w-4 text-zinc-500" />
          <span className="max-w-40 truncate">{current.name}</span>
        </>
      }
      items={[
        { kind: 'text', content: <span className="text-xs uppercase tracking-wide">Organizations</span> },
        ...data.organizations.map((org) => ({
          kind: 'action' as const,
          label: org.ready ? org.name : `${org.name} (provisioning)`,
          icon:
            org.id === current.id ? (
              <Check aria-label="current" className="h-4 w-4" />
            ) : (
              <span aria-hidden className="h-4 w-4" />
            ),
          onSelect: () => {
            if (org.id === current.id) return;
            const target = switchTarget(org);
            // a page of this web app stays in it (direct mode keeps its in-memory token that way)
            if (target.startsWith('/')) navigate(target);
            else orgNavigation.go(target);
          },
        })),
      ]}
    />
  );
}
