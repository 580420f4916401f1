import type { FastifyInstance } from 'fastify';
import { invalidBody } from './errors.js';

/**
 * JSON bodies of /api/db: invalid JSON is PostgREST's PGRST102, not Fastify's generic 400, and an
 * empty body is allowed (DELETE with a JSON content type). The app's bodyLimit still applies (413).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/vnd.pgrst.object+json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch (err) {
        done(invalidBody((err as Error).message), undefined);
      }
    },
  );
}
