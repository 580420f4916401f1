import { Lock, PowerOff } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../ui/Spinner.js';
import type { RouteEntry } from './routeConfig.js';
import { useSession } from './session.js';

function Notice({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-20 text-center">
      <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-xl bg-zinc-100 text-zinc-500">
        {icon}
      </span>
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      <div className="text-sm text-zinc-600">{children}</div>
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Go to the dashboard
      </Link>
    </section>
  );
}

/**
 * Why the page is not shown, in words: 'Your role does not allow you to view connections.', or for
 * a page that writes, 'Add Silence needs permission to create notifications, which your role does
 * not have.' (never 'change add silence').
 */
export function deniedMessage(title: string, resource: string, action: string): string {
  if (action === 'read') return `Your role does not allow you to view ${title.toLowerCase()}.`;
  const verb = action.replace(/^playbook:/, '');
  return `${title} needs permission to ${verb} ${resource.replaceAll('_', ' ')}, which your role does not have.`;
}

/** Renders an entry's page only when its feature is on and the person may `action` its resource. */
export function RouteGate({ entry }: { entry: RouteEntry }) {
  const session = useSession();
  if ([entry.feature, ...(entry.alsoHiddenBy ?? [])].some((f) => session.featureDisabled(f))) {
    return (
      <Notice icon={<PowerOff className="h-6 w-6" />} title={`${entry.title} is turned off`}>
        An administrator disabled this feature on this OpsDeck instance.
      </Notice>
    );
  }
  const action = entry.action ?? 'read';
  if (!session.can(entry.resource, action)) {
    return (
      // the unauthorized text: 'Unauthorized – You do not have permission to access this page'
      <Notice
        icon={<Lock className="h-6 w-6" />}
        title={
          <>
            Unauthorized<span className="sr-only"> – </span>
            <span className="block text-sm font-normal text-zinc-600">
              You do not have permission to access this page
            </span>
          </>
        }
      >
        {deniedMessage(entry.title, entry.resource, action)}
      </Notice>
    );
  }
  const Page = entry.page;
  // pages may be React.lazy(() => import(...)) so heavy screens load on first visit
  return (
    <Suspense fallback={<LoadingBlock />}>
      <Page />
    </Suspense>
  );
}
