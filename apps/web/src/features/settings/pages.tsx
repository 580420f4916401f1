import { ComingSoon } from '../../ui/ComingSoon.js';

/** /settings/views */
export function ViewsSettingsPage() {
  return (
    <ComingSoon title="Views">
      Custom views: their queries, panels, columns and whether they show in the sidebar.
    </ComingSoon>
  );
}
