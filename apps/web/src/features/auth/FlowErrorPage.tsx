import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { request } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { AuthLayout } from './AuthLayout.js';

// a flow error that is gone, forbidden or expired is of no use to show: go home instead
const LEAVE = new Set([403, 404, 410]);

/** /error?id=: shows a self-service flow error of the identity server. */
export function FlowErrorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({
    queryKey: ['identity', 'flow-error', id],
    queryFn: ({ signal }) =>
      request<unknown>('GET', '/api/.ory/self-service/errors', { params: { id }, signal, allow401: true }).then(
        (r) => r.data,
      ),
    enabled: id !== '',
    retry: false,
  });
  if (id === '') return <Navigate replace to="/" />;
  if (query.isPending) return <LoadingBlock />;
  const err = query.error;
  if (err instanceof ApiError && err.status !== undefined && LEAVE.has(err.status)) return <Navigate replace to="/" />;
  const shown = err
    ? err instanceof ApiError
      ? (err.body ?? { message: err.message })
      : { message: String(err) }
    : query.data;
  return (
    <AuthLayout title="Error" heading="An error occurred">
      <pre className="max-h-96 overflow-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre-wrap text-zinc-800">
        {JSON.stringify(shown, null, 2)}
      </pre>
      <div className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
          Go back
        </Link>
      </div>
    </AuthLayout>
  );
}
