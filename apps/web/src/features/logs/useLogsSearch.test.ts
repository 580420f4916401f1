import { logsRequestSchema } from '@opsdeck/schema/logs';
import { describe, expect, it } from 'vitest';
import { requestOf } from './useLogsSearch.js';

const params = { topologyId: '', logsSelector: '', backend: '', query: '', start: '1h', end: '' };

describe('requestOf', () => {
  it('asks nothing until a component or backend is chosen', () => {
    expect(requestOf(params)).toBeUndefined();
  });

  it('sends what the server accepts (the shared request schema) for a component and for a backend', () => {
    const byComponent = requestOf({
      ...params,
      topologyId: '0b1f6a43-5b6e-4c7a-9a51-0f8f5d7e2a10',
      logsSelector: 'app',
      query: 'timeout',
      start: '2026-03-01T10:00:00.000Z',
      end: '2026-03-01T11:00:00.000Z',
    });
    expect(logsRequestSchema.parse(byComponent)).toEqual({
      id: '0b1f6a43-5b6e-4c7a-9a51-0f8f5d7e2a10',
      name: 'app',
      query: 'timeout',
      start: '2026-03-01T10:00:00.000Z',
      end: '2026-03-01T11:00:00.000Z',
      limit: 200,
    });
    expect(logsRequestSchema.safeParse(requestOf({ ...params, backend: 'opsdeck' })).success).toBe(true);
  });
});
