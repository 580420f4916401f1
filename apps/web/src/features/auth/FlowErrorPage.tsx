import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LoadingBlock } from '../../ui/Spinner.js';
import { AuthLayout, authLinkClass } from './AuthLayout.js';
import { ory, oryFailure } from './ory.js';

// a flow error that is gone, forbidden or expired is of no use to show: go home instead
const LEAVE = new Set([403, 404, 410]);

/** /error?id=: shows a self-service flow error of the identity server. */
export function FlowErrorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({
    queryKey: ['identity', 'flow-error', id],
    queryFn: async () => {
      try {
        return { status: 200, body: (await ory.getFlowError({ id })) as unknown };
      } catch (err) {
        return oryFailure(err);
      }
    },
    enabled: id !== '',
    retry: false,
  });
  if (id === '') return <Navigate replace to="/" />;
  if (query.isPending) return <LoadingBlock />;
  const answer = query.data;
  if (!answer || LEAVE.has(answer.status)) return <Navigate replace to="/" />;
  return (
    <AuthLayout
      title="Error"
      heading="An error occurred"
      footer={
        <Link to="/" className={authLinkClass}>
          Go back
        </Link>
      }
    >
      <pre className="max-h-96 overflow-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre-wrap text-zinc-800">
        {JSON.stringify(answer.body, null, 2)}
      </pre>
    </AuthLayout>
  );
}
