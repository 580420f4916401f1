import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { incidentQueries } from './api.js';

/** What the public is told: a row of incident_public_updates (migration 270). */
export interface PublicUpdate {
  id: string;
  incident_id: string;
  status: PublicUpdateStatus;
  message: string;
  created_at: string;
}

export const PUBLIC_UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type PublicUpdateStatus = (typeof PUBLIC_UPDATE_STATUSES)[number];

export const publicUpdateQueries = {
  list: (incidentId: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, incidentId, 'public-updates'],
      queryFn: ({ signal }) =>
        api.get<PublicUpdate[]>('/api/db/incident_public_updates', {
          params: {
            select: 'id,incident_id,status,message,created_at',
            incident_id: `eq.${incidentId}`,
            order: 'created_at.desc',
          },
          signal,
        }),
    }),
};

export function postPublicUpdate(body: { incident_id: string; status: PublicUpdateStatus; message: string }) {
  return api.post('/api/db/incident_public_updates', body, { headers: { Prefer: 'return=minimal' } });
}
