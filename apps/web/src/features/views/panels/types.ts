import type { ViewPanelResult } from '@opsdeck/schema/view';

export interface PanelProps {
  panel: ViewPanelResult;
}
