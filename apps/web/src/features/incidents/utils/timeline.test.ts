import { describe, expect, it } from 'vitest';
import { describeHistory } from './timeline.js';

describe('describeHistory', () => {
  it.each([
    [{ type: 'incident.created', description: 'Payments failing' }, 'declared the incident "Payments failing"'],
    [{ type: 'incident.status_updated', description: 'resolved' }, 'set the status to resolved'],
    [{ type: 'hypothesis.created', description: 'DB overload' }, 'added the hypothesis "DB overload"'],
    [{ type: 'hypothesis.status_updated', description: 'proven' }, 'marked a hypothesis proven'],
    [{ type: 'evidence.created', description: '' }, 'attached evidence'],
    [
      { type: 'evidence.done_definition_added', description: 'api is up' },
      'added "api is up" to the definition of done',
    ],
    [{ type: 'evidence.done', description: 'api is up' }, 'marked "api is up" done'],
    [{ type: 'evidence.undone', description: '' }, 'marked evidence not done'],
    [{ type: 'responder.removed', description: 'team' }, 'removed a team from the responders'],
    [{ type: 'responder.created', description: 'person' }, 'added a responder'],
    [{ type: 'responder.created', description: 'team' }, 'added a team as responder'],
    [{ type: 'responder.commented', description: 'on it' }, 'commented'],
    [{ type: 'incident.commander_updated', description: 'Ana Lee' }, 'made Ana Lee the commander'],
    [{ type: 'incident.commander_updated', description: '' }, 'removed the commander'],
    [{ type: 'incident.communicator_updated', description: 'Bo' }, 'made Bo the communicator'],
    [{ type: 'something.else', description: 'x' }, 'something.else: x'],
    [{ type: null, description: null }, 'changed the incident'],
  ])('%o', (entry, expected) => {
    expect(describeHistory(entry)).toBe(expected);
  });
});
