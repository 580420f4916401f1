import type { IncidentSeverity, IncidentStatus } from '@opsdeck/schema';
import { cx } from '../../../ui/cx.js';
import { humanize, SEVERITY_STYLE, STATUS_STYLE } from '../utils/labels.js';

const pill = 'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap';

/** The incident's severity as a coloured pill (blocker stands out in solid red). */
export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return <span className={cx(pill, SEVERITY_STYLE[severity] ?? SEVERITY_STYLE.low)}>{humanize(severity)}</span>;
}

/** The incident's status as a coloured pill. */
export function StatusBadge({ status }: { status: IncidentStatus }) {
  return <span className={cx(pill, STATUS_STYLE[status] ?? STATUS_STYLE.open)}>{humanize(status)}</span>;
}
