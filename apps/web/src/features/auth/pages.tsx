import { Link } from 'react-router';
import { AuthLayout, authLinkClass } from './AuthLayout.js';

/** /organizations/orgs-switched: where hosted mode lands after an organization is picked. */
export function OrgsSwitchedPage() {
  return (
    <AuthLayout title="Organization" heading="Organization switched">
      <p className="text-center text-sm leading-6 text-zinc-600">
        Organizations belong to the hosted sign-in mode, which this build does not include.{' '}
        <Link to="/" className={authLinkClass}>
          Continue
        </Link>
      </p>
    </AuthLayout>
  );
}
