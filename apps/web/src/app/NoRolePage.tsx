import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { signOut } from '../features/auth/logout.js';
import { Button } from '../ui/Button.js';
import { appQueries } from './queries.js';
import { useSession } from './session.js';

/**
 * What a person without a role sees instead of the app: self-registration (on by default) signs
 * people in with no role, and every screen would only say 'Unauthorized'. This says what
 * happened, who can grant access, and lets them check again once it is granted, or sign out.
 */
export function NoRolePage() {
  const { user } = useSession();
  const client = useQueryClient();
  const location = useLocation();
  return (
    <section
      aria-labelledby="no-role-h"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-16 text-center"
    >
      <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <KeyRound className="h-6 w-6" />
      </span>
      <h2 id="no-role-h" className="text-base font-semibold text-zinc-900">
        You are signed in, but have no access yet
      </h2>
      <p className="text-sm text-zinc-600">
        Your account{user.email ? <> ({user.email})</> : null} exists, but no role has been given to it, so there is
        nothing OpsDeck can show you yet.
      </p>
      <p className="text-sm text-zinc-600">
        Ask an administrator of this OpsDeck to grant you a role (viewer, responder, editor…) under{' '}
        <strong>Settings → Users</strong>. Then check again.
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2">
        <Button variant="primary" onClick={() => client.invalidateQueries({ queryKey: appQueries.whoami().queryKey })}>
          Check again
        </Button>
        <Button onClick={() => signOut(`${location.pathname}${location.search}`)}>Sign out</Button>
        <Link to="/profile-settings" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Your profile
        </Link>
      </div>
    </section>
  );
}
