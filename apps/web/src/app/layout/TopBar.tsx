import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Bell, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { OrganizationSwitcher } from '../../features/organizations/OrganizationSwitcher.js';
import { IconButton } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { HelpMenu } from './HelpMenu.js';
import { PreferencesMenu } from './PreferencesMenu.js';
import { UserMenu } from './UserMenu.js';

/**
 * The bar above every page: title, the page's own controls, a refresh button that spins while
 * anything loads, the notifications bell, the organization switcher (hosted mode), preferences,
 * help and the user menu.
 */
export function TopBar({
  title,
  refresh,
  onSlot,
}: {
  title: string;
  refresh: boolean;
  onSlot: (el: HTMLElement | null) => void;
}) {
  const client = useQueryClient();
  const fetching = useIsFetching() > 0;
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-4">
      {/* on a phone a long title takes two lines rather than losing its end */}
      <h1 className="text-[15px] font-semibold text-zinc-900 max-sm:line-clamp-2 max-sm:leading-tight sm:truncate">
        {title}
      </h1>
      <div ref={onSlot} className="flex min-w-0 flex-1 items-center gap-2" />
      <div className="flex items-center gap-1">
        {refresh && (
          <IconButton
            label="Refresh"
            aria-busy={fetching}
            onClick={() => client.refetchQueries({ type: 'active', stale: undefined })}
          >
            <RefreshCw aria-hidden className={cx('h-4 w-4', fetching && 'animate-spin')} />
          </IconButton>
        )}
        <Link
          to="/notifications"
          aria-label="Notifications"
          title="Notifications"
          className="inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <Bell aria-hidden className="h-4 w-4" />
        </Link>
        <OrganizationSwitcher />
        <PreferencesMenu />
        <HelpMenu />
        <UserMenu />
      </div>
    </header>
  );
}
