/** What the timeline needs from a history row. */
export interface TimelineInput {
  type: string | null;
  description: string | null;
}

const STATUS_WORDS: Record<string, string> = {
  new: 'new',
  open: 'open',
  investigating: 'investigating',
  mitigated: 'mitigated',
  resolved: 'resolved',
  closed: 'closed',
};

/**
 * The sentence a history row reads as, after the author's name: 'declared the incident
 * "Payments failing"', 'set the status to resolved', 'commented'. Unknown types show as they are.
 */
export function describeHistory(entry: TimelineInput): string {
  const d = entry.description?.trim() ?? '';
  const quoted = d ? ` "${d}"` : '';
  switch (entry.type) {
    case 'incident.created':
      return `declared the incident${quoted}`;
    case 'incident.status_updated':
    case 'incident_status.updated':
      return `set the status to ${STATUS_WORDS[d] ?? d}`;
    case 'hypothesis.created':
      return `added the hypothesis${quoted}`;
    case 'hypothesis.status_updated':
      return `marked a hypothesis ${d}`;
    case 'evidence.created':
      return d ? `attached evidence${quoted}` : 'attached evidence';
    case 'evidence.done_definition_added':
      return d ? `added${quoted} to the definition of done` : 'added evidence to the definition of done';
    case 'evidence.done':
      return d ? `marked${quoted} done` : 'marked evidence done';
    case 'evidence.undone':
      return d ? `marked${quoted} not done` : 'marked evidence not done';
    case 'responder.created':
      return d === 'team' ? 'added a team as responder' : 'added a responder';
    case 'responder.removed':
      return d === 'team' ? 'removed a team from the responders' : 'removed a responder';
    case 'responder.commented':
      return 'commented';
    case 'incident.commander_updated':
      return d ? `made ${d} the commander` : 'removed the commander';
    case 'incident.communicator_updated':
      return d ? `made ${d} the communicator` : 'removed the communicator';
    default:
      return [entry.type, d].filter(Boolean).join(': ') || 'changed the incident';
  }
}
