import type { HypothesisStatus, IncidentSeverity, IncidentStatus, IncidentType } from '@opsdeck/schema';

/** Words and colours for the incident enums, in one place for the list and the page. */

export const SEVERITY_STYLE: Record<IncidentSeverity, string> = {
  info: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  warning: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  low: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20',
  medium: 'bg-yellow-50 text-yellow-800 ring-yellow-600/25',
  high: 'bg-orange-50 text-orange-700 ring-orange-600/25',
  critical: 'bg-red-50 text-red-700 ring-red-600/25',
  blocker: 'bg-red-600 text-white ring-red-700',
};

export const STATUS_STYLE: Record<IncidentStatus, string> = {
  new: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  open: 'bg-red-50 text-red-700 ring-red-600/20',
  investigating: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  mitigated: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  resolved: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  closed: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20',
};

export const HYPOTHESIS_STATUS_STYLE: Record<HypothesisStatus, string> = {
  proven: 'text-emerald-700',
  likely: 'text-lime-700',
  possible: 'text-zinc-700',
  unlikely: 'text-amber-700',
  improbable: 'text-orange-700',
  disproven: 'text-zinc-400 line-through',
};

/** 'technicalDebt' -> 'Technical Debt', 'availability' -> 'Availability'. */
export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return spaced.replace(/\b\w/g, (c) => c.toUpperCase());
}

export const TYPE_LABEL = (type: IncidentType) => humanize(type);
