import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { errorMessage } from '../../../api/errors.js';
import { testConnection } from './api.js';

/** Where a connection test stands. */
export type TestState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'passed'; message: string }
  | { kind: 'failed'; message: string };

/** Runs POST /api/connection/test/:id and keeps its outcome. */
export function useConnectionTest() {
  const m = useMutation({ mutationFn: (id: string) => testConnection(id) });
  let state: TestState = { kind: 'idle' };
  if (m.isPending) state = { kind: 'pending' };
  else if (m.isSuccess) {
    const detail = m.data.payload?.message;
    state = { kind: 'passed', message: detail ? `${m.data.message}: ${detail}` : m.data.message };
  } else if (m.isError) state = { kind: 'failed', message: errorMessage(m.error) };
  return { state, pending: m.isPending, run: (id: string) => m.mutate(id) };
}

/** The outcome of the last test, read out to screen readers as it arrives. */
export function TestOutcome({ state }: { state: TestState }) {
  return (
    <div role="status" aria-label="Connection test" className="min-h-5 text-sm">
      {state.kind === 'pending' && <span className="text-zinc-500">Testing connection…</span>}
      {state.kind === 'passed' && (
        <span className="flex items-start gap-1.5 rounded-md bg-emerald-50 px-2 py-1.5 text-emerald-800">
          <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {state.message}
        </span>
      )}
      {state.kind === 'failed' && (
        <span className="flex items-start gap-1.5 rounded-md bg-red-50 px-2 py-1.5 text-red-800">
          <CircleX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {state.message}
        </span>
      )}
    </div>
  );
}
