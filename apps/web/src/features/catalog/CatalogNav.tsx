import { NavLink } from 'react-router';
import { cx } from '../../ui/cx.js';

const LINKS = [
  { to: '/catalog', label: 'Catalog', end: true },
  { to: '/catalog/changes', label: 'Changes', end: false },
  { to: '/catalog/insights', label: 'Insights', end: false },
  { to: '/catalog/scrapers', label: 'Scrapers', end: false },
];

/** The catalog's sections. */
export function CatalogNav() {
  return (
    <nav aria-label="Catalog sections" className="flex gap-1 border-b border-zinc-200">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) =>
            cx(
              '-mb-px border-b-2 px-3 py-1.5 text-sm font-medium',
              isActive ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-zinc-500 hover:text-zinc-800',
            )
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
