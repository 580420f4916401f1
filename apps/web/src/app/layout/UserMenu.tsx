import { useQuery } from '@tanstack/react-query';
import { LogOut, UserRound } from 'lucide-react';
import { useLocation } from 'react-router';
import { Avatar } from '../../ui/Avatar.js';
import { Menu } from '../../ui/Menu.js';
import { FRONTEND_VERSION } from '../links.js';
import { appQueries } from '../queries.js';
import { useSession } from '../session.js';

/** The avatar menu: who you are, versions, 'Your Profile' and sign out. */
export function UserMenu() {
  const { user, roles } = useSession();
  const about = useQuery(appQueries.about());
  const location = useLocation();
  const backend = about.data?.backend ?? about.data?.appVersion;
  return (
    <Menu
      label="User menu"
      triggerClassName="px-1"
      trigger={<Avatar user={user} size="sm" />}
      items={[
        {
          kind: 'text',
          content: (
            <div className="flex items-center gap-2.5">
              <Avatar user={user} size="md" />
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="truncate text-sm font-medium text-zinc-900">{user.name}</span>
                {user.email && <span className="truncate">{user.email}</span>}
                {roles.length > 0 && <span className="capitalize">{roles.join(', ')}</span>}
              </div>
            </div>
          ),
        },
        { kind: 'separator' },
        { kind: 'link', label: 'Your Profile', to: '/profile-settings', icon: <UserRound className="h-4 w-4" /> },
        // 'Download kubeconfig' is left out: it needs a Kubernetes-style proxy of this OpsDeck to
        // point at, and there is none (issue 16 item 9); it answered 404.
        {
          kind: 'action',
          label: 'Sign out',
          // the Ory client loads only when someone signs out
          onSelect: () =>
            void import('../../features/auth/logout.js').then(({ signOut }) =>
              signOut(`${location.pathname}${location.search}`),
            ),
          icon: <LogOut className="h-4 w-4" />,
        },
        { kind: 'separator' },
        {
          kind: 'text',
          content: (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 tabular-nums">
              <dt>Frontend</dt>
              <dd>v{FRONTEND_VERSION}</dd>
              <dt>Backend</dt>
              <dd>{backend ? `v${backend}` : about.isError ? 'unavailable' : '…'}</dd>
            </dl>
          ),
        },
      ]}
    />
  );
}
