import type { ViewPanelResult } from '@opsdeck/schema/view';
import { PANELS } from './panels/index.js';

/** A grid of view panels (exported for application reports that show sections as views). */
export function ViewPanels({ panels }: { panels: ViewPanelResult[] }) {
  if (!panels.length) return null;
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] items-start gap-3" data-testid="view-panels">
      {panels.map((panel) => {
        const Panel = PANELS[panel.type];
        return (
          <section
            key={panel.name}
            aria-label={panel.name}
            className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3 shadow-sm"
          >
            <header>
              <h3 className="text-sm font-medium text-zinc-700">{panel.name}</h3>
              {panel.description && <p className="text-xs text-zinc-500">{panel.description}</p>}
            </header>
            {Panel ? <Panel panel={panel} /> : null}
          </section>
        );
      })}
    </div>
  );
}
