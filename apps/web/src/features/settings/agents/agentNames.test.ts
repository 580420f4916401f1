import { describe, expect, it } from 'vitest';
import { agentLabel, LOCAL_AGENT_ID } from './agentNames.js';

describe('agentLabel', () => {
  const names = new Map([['6c0c7c1e-0000-4000-8000-000000000001', 'edge']]);
  it('reads local for none and the zero id, the name for a known agent', () => {
    expect(agentLabel(undefined, names)).toBe('local');
    expect(agentLabel(LOCAL_AGENT_ID, names)).toBe('local');
    expect(agentLabel('6c0c7c1e-0000-4000-8000-000000000001', names)).toBe('edge');
    expect(agentLabel('12345678-aaaa-4000-8000-000000000009', names)).toBe('agent 12345678');
  });
});
