import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingBlock } from '../../ui/Spinner.js';
import { clearOrganizationData } from './switching.js';

/**
 * /organizations/orgs-switched: where picking an organization lands. Nothing cached for the
 * previous organization may show here, so the query cache and localStorage are cleared first.
 */
export function OrgsSwitchedPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    clearOrganizationData(client);
    navigate('/topology', { replace: true });
  }, [client, navigate]);
  return (
    <main className="h-full">
      <LoadingBlock label="Switching organization" />
    </main>
  );
}
