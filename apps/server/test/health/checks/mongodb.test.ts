import { mongodbCheckSchema } from '@opsdeck/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { closeMongoClients, mongodbCheck } from '../../../src/health/checks/mongodb.js';
import { closedPort, runnerContext } from './runnerContext.js';

// No MongoDB runs on this machine: these tests cover validation and the failure path over a real
// connection attempt. A pass against a real server is not tested here.

describe('mongodb check', () => {
  afterAll(closeMongoClients);

  it('needs url or connection', () => {
    expect(mongodbCheckSchema.safeParse({ name: 'm' }).error?.issues[0]?.message).toBe(
      'a mongodb check needs url or connection',
    );
  });

  it('refuses a URL that is not mongodb://', async () => {
    const out = await mongodbCheck.run(
      mongodbCheckSchema.parse({ name: 'm', url: 'http://db.local' }),
      runnerContext(),
    );
    expect(out.error).toContain('use mongodb:// or mongodb+srv://');
  });

  it('fails with connection refused on a closed port, without showing the password', async () => {
    const port = await closedPort();
    const spec = mongodbCheckSchema.parse({
      name: 'm',
      url: `mongodb://$(username):$(password)@127.0.0.1:${port}/admin`,
      username: { value: 'admin' },
      password: { value: 'hunter2-secret' },
    });
    // the driver reports ECONNREFUSED only when server selection gives up (80% of the deadline): leave room on a busy machine
    const out = await mongodbCheck.run(spec, runnerContext({}, 5000));
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
    expect(out.error).not.toContain('hunter2-secret');
  });
});
