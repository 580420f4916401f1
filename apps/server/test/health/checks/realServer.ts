import { connect } from 'node:net';

/**
 * Where a database without a local server on the test machine (MongoDB, SQL Server) can be
 * reached: the URL in `envVar`, else the default URL when something listens on its port. When
 * neither, `skipped` says so plainly for the test name, so the output shows why no pass against a
 * real server was tested.
 */
export async function realServer(
  product: string,
  envVar: string,
  fallback: { url: string; port: number },
): Promise<{ url?: string; skipped: string }> {
  const configured = process.env[envVar];
  if (configured) return { url: configured, skipped: '' };
  const listening = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: fallback.port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (listening) return { url: fallback.url, skipped: '' };
  const why = `no ${product} running on this machine (nothing listens on 127.0.0.1:${fallback.port}; set ${envVar} to test against one)`;
  // said in the output whatever the reporter, not only in a skipped test's name
  console.warn(`${product} check: the pass against a real server is SKIPPED: ${why}`);
  return { skipped: ` (SKIPPED: ${why})` };
}
