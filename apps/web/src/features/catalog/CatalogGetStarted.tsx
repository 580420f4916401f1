import { Link } from 'react-router';
import { useSession } from '../../app/session.js';

/** Shown while the catalog holds no item at all: where config items come from, and (for those allowed) the way to add a scraper. */
export function CatalogGetStarted() {
  const session = useSession();
  const canAdd = session.can('config_scrapers', 'create');
  return (
    <section
      aria-label="Get started"
      className="flex flex-wrap items-center gap-3 rounded-md border border-dashed border-zinc-300 bg-white px-4 py-3 text-sm text-zinc-600"
    >
      <span>
        The catalog is empty: config items come from catalog scrapers (files, databases, scripts, HTTP APIs,
        Kubernetes).
      </span>
      {canAdd && (
        <Link to="/catalog/scrapers/new" className="font-medium text-indigo-600 hover:text-indigo-500">
          Add a catalog scraper
        </Link>
      )}
    </section>
  );
}
