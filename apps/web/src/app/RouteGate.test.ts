import { describe, expect, it } from 'vitest';
import { deniedMessage } from './RouteGate.js';

describe('deniedMessage', () => {
  it('says what a role may not do in plain words', () => {
    expect(deniedMessage('Connections', 'connections', 'read')).toBe(
      'Your role does not allow you to view connections.',
    );
    expect(deniedMessage('Add Silence', 'notifications', 'create')).toBe(
      'Add Silence needs permission to create notifications, which your role does not have.',
    );
    expect(deniedMessage('Integration', 'integrations', 'update')).not.toMatch(/change/);
  });
});
