import { mongodbCheckSchema } from '@opsdeck/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { closeMongoClients, mongodbCheck } from '../../../src/health/checks/mongodb.js';
import { realServer } from './realServer.js';
import { closedPort, runnerContext } from './runnerContext.js';

// Validation and the failure path over a real connection attempt always run; a pass against a
// real MongoDB runs when one is reachable (OPSDECK_TEST_MONGODB_URL, or 127.0.0.1:27017) and is
// reported as skipped, with the reason in its name, when not.
const mongo = await realServer('MongoDB', 'OPSDECK_TEST_MONGODB_URL', {
  url: 'mongodb://127.0.0.1:27017/admin',
  port: 27017,
});

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
  }, 20_000);

  it.skipIf(!mongo.url)(`passes against a real MongoDB server${mongo.skipped}`, async () => {
    const spec = mongodbCheckSchema.parse({ name: 'm', url: mongo.url });
    const out = await mongodbCheck.run(spec, runnerContext({}, 10_000));
    expect(out.error).toBeUndefined();
    expect(out.pass).toBe(true);
  });
});
