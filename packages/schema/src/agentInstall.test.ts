import { describe, expect, it } from 'vitest';
import { agentServeCommand, parseServeCommand } from './agentInstall.js';

describe('agent install command', () => {
  it('quotes values for the shell and reads back what it wrote', () => {
    const text = agentServeCommand({ upstreamUrl: 'https://ops.example/', name: 'edge', token: "a'b$c" });
    expect(text).toContain("OPSDECK_UPSTREAM_TOKEN='a'\\''b$c' \\");
    expect(text).toContain("OPSDECK_UPSTREAM_URL='https://ops.example' \\");
    expect(text.endsWith('  npm start -- --port 8081')).toBe(true);
    const back = parseServeCommand(text);
    expect(back.env).toMatchObject({ OPSDECK_UPSTREAM_TOKEN: "a'b$c", OPSDECK_AGENT_NAME: 'edge' });
    expect(back.args).toEqual(['--port', '8081']);
  });
});
