import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../ui/Spinner.js';
import { directSession, selectOrganization } from './direct/session.js';
import { clearOrganizationData } from './switching.js';

/**
 * /organizations/orgs-switched: where picking an organization lands. Nothing cached for the
 * previous organization may show here, so the query cache and localStorage are cleared first.
 * In direct mode `?org=` names the organization whose backend the API client calls from now on.
 */
export function OrgsSwitchedPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const org = params.get('org');
  useEffect(() => {
    // direct mode: the API client moves to the picked organization's backend first
    const direct = directSession.current;
    if (direct && org) selectOrganization(direct, org);
    clearOrganizationData(client);
    navigate('/topology', { replace: true });
  }, [client, navigate, org]);
  return (
    <main className="h-full">
      <LoadingBlock label="Switching organization" />
    </main>
  );
}
