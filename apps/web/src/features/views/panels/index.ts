import type { ViewPanelType } from '@opsdeck/schema/view';
import type { ComponentType } from 'react';
import { BarGaugePanel } from './BarGaugePanel.js';
import { GaugePanel } from './GaugePanel.js';
import { HeatmapPanel } from './HeatmapPanel.js';
import { NumberPanel } from './NumberPanel.js';
import { PieChartPanel } from './PieChartPanel.js';
import { PropertiesPanel } from './PropertiesPanel.js';
import { TablePanel } from './TablePanel.js';
import { TextPanel } from './TextPanel.js';
import { TimeseriesPanel } from './TimeseriesPanel.js';
import type { PanelProps } from './types.js';

/** The renderer of each panel type. */
export const PANELS: Record<ViewPanelType, ComponentType<PanelProps>> = {
  number: NumberPanel,
  duration: NumberPanel,
  gauge: GaugePanel,
  bargauge: BarGaugePanel,
  piechart: PieChartPanel,
  table: TablePanel,
  text: TextPanel,
  properties: PropertiesPanel,
  timeseries: TimeseriesPanel,
  heatmap: HeatmapPanel,
};
