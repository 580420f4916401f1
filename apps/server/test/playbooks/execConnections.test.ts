import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('exec action connections', () => {
  it('hands cloud and cluster credentials to the script as the variables their CLIs read', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          {
            name: 'cli',
            exec: {
              script: 'echo "$AWS_REGION $AZURE_TENANT_ID"; head -c 20 "$KUBECONFIG"; echo',
              connections: {
                aws: { region: 'eu-west-1', accessKey: { value: 'id' }, secretKey: { value: 'secret' } },
                azure: { tenantID: 'tenant-7' },
                kubernetes: { kubeconfig: { value: 'apiVersion: v1\nkind: Config\n' } },
              },
            },
          },
        ],
      },
      'exec-connections',
    );
    const { run_id } = await run(server, { id });
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.run.status).toBe('completed');
    expect(s.actions[0]?.result.stdout).toBe('eu-west-1 tenant-7\napiVersion: v1\nkind:\n');
  });
});
