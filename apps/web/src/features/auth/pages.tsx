import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from './AuthLayout.js';
import { safeReturnTo } from './returnTo.js';

const linkClass = 'font-medium text-indigo-600 hover:text-indigo-500';

function Pending({ children }: { children: React.ReactNode }) {
  return <p className="text-center text-sm leading-6 text-zinc-600">{children}</p>;
}

/** /login: 'Sign in'. The identity server brings the form; until then this page says so. */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const heading =
    params.get('aal') === 'aal2'
      ? 'Two-Factor Authentication'
      : params.get('refresh') === 'true'
        ? 'Confirm Action'
        : 'Sign In to your account';
  return (
    <AuthLayout title="Sign in" heading={heading}>
      <Pending>
        Sign-in arrives with the OpsDeck identity server, which is not part of this build yet. Once it is, you will sign
        in here and return to <code className="font-mono text-xs text-zinc-800">{returnTo}</code>.
      </Pending>
      <div className="mt-6 flex justify-center gap-4 text-sm">
        <Link to="/recovery" className={linkClass}>
          Reset password
        </Link>
        <Link to="/registration" className={linkClass}>
          Create account
        </Link>
      </div>
    </AuthLayout>
  );
}

/** /registration, /recovery, /verification, /profile-settings: flows of the identity server. */
export function IdentityFlowPage({ title, heading }: { title: string; heading: string }) {
  return (
    <AuthLayout title={title} heading={heading}>
      <Pending>This page arrives with the OpsDeck identity server, which is not part of this build yet.</Pending>
      <div className="mt-6 flex justify-center gap-4 text-sm">
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
        <Link to="/" className={linkClass}>
          Go back
        </Link>
      </div>
    </AuthLayout>
  );
}

/** /organizations/orgs-switched: where hosted mode lands after an organization is picked. */
export function OrgsSwitchedPage() {
  return (
    <AuthLayout title="Organization" heading="Organization switched">
      <Pending>
        Organizations belong to the hosted sign-in mode, which this build does not include.{' '}
        <Link to="/" className={linkClass}>
          Continue
        </Link>
      </Pending>
    </AuthLayout>
  );
}
