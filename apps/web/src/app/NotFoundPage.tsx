import { FileQuestion } from 'lucide-react';
import { Link, useLocation } from 'react-router';

/** What an unknown address shows, inside the shell so the menus stay at hand. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-20 text-center">
      <span aria-hidden className="flex h-12 w-12 items-center justify-center rounded-xl bg-zinc-100 text-zinc-500">
        <FileQuestion className="h-6 w-6" />
      </span>
      <h2 className="text-base font-semibold text-zinc-900">Page not found</h2>
      <p className="text-sm text-zinc-600">
        There is nothing at <code className="font-mono text-xs text-zinc-800">{pathname}</code>. It may have moved, or
        the link may be wrong.
      </p>
      <Link to="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Go to the dashboard
      </Link>
    </section>
  );
}
