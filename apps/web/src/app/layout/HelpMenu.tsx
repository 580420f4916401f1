import { Activity, BookOpen, CircleHelp, Gauge } from 'lucide-react';
import { Menu } from '../../ui/Menu.js';
import { DOCS_URL } from '../links.js';

/** The '?' menu: documentation and the server's own health and metrics endpoints. */
export function HelpMenu() {
  return (
    <Menu
      label="Help"
      trigger={<CircleHelp aria-hidden className="h-4 w-4" />}
      items={[
        { kind: 'link', label: 'Documentation', to: DOCS_URL, external: true, icon: <BookOpen className="h-4 w-4" /> },
        { kind: 'separator' },
        {
          kind: 'link',
          label: 'Server readiness',
          to: '/ready',
          external: true,
          icon: <Activity className="h-4 w-4" />,
        },
        {
          kind: 'link',
          label: 'Prometheus metrics',
          to: '/metrics',
          external: true,
          icon: <Gauge className="h-4 w-4" />,
        },
      ]}
    />
  );
}
