import { useQuery } from '@tanstack/react-query';
import { ServerCog } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { organizationQueries } from './api.js';
import { orgNavigation } from './OrganizationSwitcher.js';
import { switchTarget } from './switching.js';

/**
 * /organizations/provisioning?org=: the organization has no backend yet. Checks every 10 s and
 * moves on to it as soon as it is ready.
 */
export function OrganizationProvisioningPage() {
  const [params] = useSearchParams();
  const id = params.get('org') ?? '';
  const orgs = useQuery({ ...organizationQueries.list(), refetchInterval: 10_000, staleTime: 0 });
  const org = orgs.data?.organizations.find((o) => o.id === id);
  const navigate = useNavigate();
  useEffect(() => {
    if (!org?.ready) return;
    const target = switchTarget(org);
    if (target.startsWith('/')) navigate(target);
    else orgNavigation.go(target);
  }, [org, navigate]);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <ServerCog aria-hidden className="h-10 w-10 text-indigo-500" />
      <h1 className="text-lg font-semibold text-zinc-900">Instance provisioning in-progress</h1>
      <p className="max-w-md text-sm text-zinc-600">
        {org ? `The backend of ${org.name} is being created.` : 'This organization’s backend is being created.'} This
        page moves on by itself when it is ready.
      </p>
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to the current organization
      </Link>
    </main>
  );
}
