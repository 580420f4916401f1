/**
 * Plugin (mission-control.flanksource.com/v1) is not applied: every Plugin document is answered
 * with this, naming what OpsDeck does instead.
 */
export const PLUGIN_REFUSAL =
  'OpsDeck runs no plugin binaries (nothing is downloaded or supervised on the server): config tabs come from Views with display.plugins, operations from Playbooks, credentials from Connections';
