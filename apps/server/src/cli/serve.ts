import { loadConfig } from '../config.js';
import { startServer } from '../server.js';
import { parseFlags } from './args.js';
import type { Command } from './index.js';
import { UsageError } from './index.js';

export const serveCommand: Command = {
  usage: [
    'Usage: opsdeck serve [--port 8080] [--host 0.0.0.0]',
    '',
    'Serves on the embedded database unless DATABASE_URL is set. See README for all settings.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(argv, { port: { type: 'string' }, host: { type: 'string' } });
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
      throw new UsageError(`--port must be a number from 0 to 65535, got '${values.port}'`);
    }
    const config = loadConfig(process.env, {
      ...(port !== undefined ? { port } : {}),
      ...(values.host ? { host: values.host } : {}),
    });
    const server = await startServer(config);
    await server.closed;
    return 0;
  },
};
