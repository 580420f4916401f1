import { Navigate, useSearchParams } from 'react-router';
import { safeReturnTo } from './returnTo.js';

/**
 * /auth-state-checker?return_to=: where a 401 lands. It decides where a signed-out person goes;
 * until the identity server decides more (aal2, refresh), that is the sign-in page.
 */
export function AuthStateChecker() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  return <Navigate replace to={`/login?return_to=${encodeURIComponent(returnTo)}`} />;
}
