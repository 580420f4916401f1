import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from './AuthLayout.js';

/** Text of the bad-session page for `error_code=BAD_SESSION`. */
export const BAD_SESSION_MESSAGE =
  'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.';

/** /bad-session?error_code=: explains why the session could not be used. */
export function BadSessionPage() {
  const [params] = useSearchParams();
  const message = params.get('error_code') === 'BAD_SESSION' ? BAD_SESSION_MESSAGE : 'Unknown error';
  return (
    <AuthLayout title="Session error" heading="Session error">
      <p role="alert" className="text-center text-sm leading-6 text-zinc-700">
        {message}
      </p>
      <div className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
          Go back
        </Link>
      </div>
    </AuthLayout>
  );
}
