import type { Executor } from '../events/queue.js';

/** The signed-in person as created_by, when they have a people row (machine subjects have none). */
export async function authorOf(db: Executor, subject: { id: string; kind: string } | null): Promise<string | null> {
  if (subject?.kind !== 'person') return null;
  const row = await db.selectFrom('people').select('id').where('id', '=', subject.id).executeTakeFirst();
  return row?.id ?? null;
}
