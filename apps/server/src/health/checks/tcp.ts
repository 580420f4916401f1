import net from 'node:net';
import { type TcpCheck, tcpCheckSchema } from '@opsdeck/schema';
import { ExprDuration } from '../../expr/index.js';
import { splitHostPort } from '../../integrations/net.js';
import { type CheckType, failure } from './types.js';

/** Opens a TCP connection and closes it; passes when the connection is accepted. */
function connect(host: string, port: number, signal: AbortSignal): Promise<{ address: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const onAbort = () => socket.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => signal.removeEventListener('abort', onAbort));
    socket.once('connect', () => {
      const address = `${socket.remoteAddress}:${socket.remotePort}`;
      socket.destroy();
      resolve({ address });
    });
    socket.once('error', (err) => {
      socket.destroy();
      reject(err);
    });
  });
}

export const tcpCheck: CheckType<TcpCheck> = {
  type: 'tcp',
  schema: tcpCheckSchema,
  defaultTimeoutMs: 10_000,
  endpoint: (spec) => spec.endpoint,
  async run(spec, ctx) {
    const { host, port } = splitHostPort(spec.endpoint);
    const started = performance.now();
    try {
      const { address } = await connect(host, port, ctx.signal);
      const elapsed = Math.round(performance.now() - started);
      return {
        pass: true,
        message: `connected to ${address} in ${elapsed}ms`,
        data: { elapsed: new ExprDuration(elapsed), address },
      };
    } catch (err) {
      return failure(new Error(`tcp ${spec.endpoint}: ${err instanceof Error ? err.message : String(err)}`));
    }
  },
};
