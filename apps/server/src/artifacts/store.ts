import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/** A kept file as the download route serves it. */
export interface StoredArtifact {
  filename: string;
  content_type: string;
  content: Uint8Array;
  checksum: string;
}

/** A file an exec check kept with one of its results (while its check is not deleted), or undefined. */
export async function checkArtifact(db: Db, id: string): Promise<StoredArtifact | undefined> {
  const { rows } = await sql<StoredArtifact>`
    select a.filename, a.content_type, a.content, a.checksum
    from check_artifacts a join checks c on c.id = a.check_id
    where a.id = ${id}::uuid and c.deleted_at is null`.execute(db.kysely);
  return rows[0];
}

/** A file a playbook action kept (while it is not deleted), or undefined. */
export async function actionArtifact(db: Db, id: string): Promise<StoredArtifact | undefined> {
  const { rows } = await sql<StoredArtifact>`
    select filename, content_type, content, checksum from artifacts
    where id = ${id}::uuid and deleted_at is null`.execute(db.kysely);
  return rows[0];
}
