import type { ScopeGrant, TokenScope } from '@opsdeck/schema/tokenScope';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';

/** An access token as listed: never its secret. */
export interface TokenRow {
  id: string;
  name: string;
  person_id: string;
  auto_renew: boolean;
  created_at: string;
  expires_at: string;
  scope: TokenScope;
  person?: { id: string; name: string; email: string | null };
}

export const tokenQueries = {
  all: ['tokens'] as const,
  list: (everyone: boolean) =>
    queryOptions({
      queryKey: [...tokenQueries.all, 'list', everyone],
      queryFn: ({ signal }) =>
        api.get<TokenRow[]>('/api/auth/tokens', { params: everyone ? { all: 'true' } : undefined, signal }),
    }),
  settings: () =>
    queryOptions({
      queryKey: [...tokenQueries.all, 'settings'],
      queryFn: ({ signal }) =>
        api.get<{ max_lifetime: string; max_lifetime_ms: number }>('/api/auth/token_settings', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** `POST /api/auth/create_token`: the token's secret comes back once. */
export const createToken = (body: { name: string; expiry?: string; auto_renew: boolean; scope?: ScopeGrant[] }) =>
  api.post<{ payload: TokenRow & { token: string } }>('/api/auth/create_token', body).then((r) => r.payload);

/** Revokes (deletes) a token. */
export const revokeToken = (id: string) => api.delete(`/api/auth/token/${encodeURIComponent(id)}`);
