import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badRequest,
  conflict,
  DomainError,
  type ErrorKind,
  forbidden,
  notFound,
  unauthorized,
} from '../../src/errors.js';
import { registerErrorHandler } from '../../src/http/errorHandler.js';

// What a client receives for each error a domain throws: the status, `{ error, message }` and
// any extra headers and body fields, the same through every route.
let app: FastifyInstance;
let thrown: unknown;

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 16 });
  registerErrorHandler(app);
  app.get('/throw', async () => {
    throw thrown;
  });
  app.post('/echo', async (request) => request.body);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

async function answer(err: unknown) {
  thrown = err;
  const res = await app.inject({ method: 'GET', url: '/throw' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
}

describe('domain errors', () => {
  const statuses: Array<[ErrorKind, number]> = [
    ['ambiguous', 300],
    ['invalid', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['not_acceptable', 406],
    ['conflict', 409],
    ['unsupported_media_type', 415],
    ['range_not_satisfiable', 416],
    ['upstream_failed', 502],
    ['timeout', 504],
  ];
  it.each(statuses)('%s answers %i with its kind as the error code', async (kind, status) => {
    const res = await answer(new DomainError(kind, 'what happened'));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: kind, message: 'what happened' });
  });

  it('the factories keep their statuses and default messages', async () => {
    expect((await answer(badRequest('bad'))).status).toBe(400);
    expect((await answer(unauthorized())).body).toEqual({ error: 'unauthorized', message: 'sign in required' });
    expect((await answer(forbidden('no'))).status).toBe(403);
    expect((await answer(notFound())).body).toEqual({ error: 'not_found', message: 'not found' });
    expect((await answer(conflict('taken'))).status).toBe(409);
  });

  it('a more precise error code, extra headers and body fields reach the client', async () => {
    const res = await answer(
      new DomainError('forbidden', 'read on canaries is not allowed', {
        error: 'denied',
        headers: { 'X-Rbac-Object': 'canaries' },
        body: { code: '42501', details: null, hint: null },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers['x-rbac-object']).toBe('canaries');
    expect(res.body).toEqual({
      error: 'denied',
      message: 'read on canaries is not allowed',
      code: '42501',
      details: null,
      hint: null,
    });
  });
});

describe('database errors caused by client input', () => {
  it('a unique violation is a 409 naming the clashing key', async () => {
    const res = await answer(
      Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
        code: '23505',
        detail: 'Key (name)=(a) already exists.',
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'conflict',
      message: 'Key (name)=(a) already exists.',
      code: '23505',
      details: 'Key (name)=(a) already exists.',
      hint: null,
    });
  });

  it('a malformed value is a 400, any data exception too', async () => {
    const bad = await answer(Object.assign(new Error('invalid input syntax for type uuid: "x"'), { code: '22P02' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid', message: 'invalid input syntax for type uuid: "x"' });
    expect((await answer(Object.assign(new Error('division by zero'), { code: '22012' }))).status).toBe(400);
  });

  it('a database error that is ours is a 500 that names only the request', async () => {
    const res = await answer(Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01' }));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('internal');
    expect(JSON.stringify(res.body)).not.toContain('secret_table');
  });
});

describe("Fastify's own client errors", () => {
  it('a body over the limit is a 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'much more than sixteen bytes' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'request body is too large' });
  });

  it('malformed JSON is a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid' });
  });
});
