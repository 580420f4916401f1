import { readFileSync } from 'node:fs';
import { ResourceFileError } from '../resourceYaml.js';

/**
 * Reads and parses each of `files` for a run-once command: an unreadable file or invalid
 * documents are reported on stderr (every problem, every file) and make `invalid` true.
 */
export function readResourceFiles<T>(
  command: string,
  files: string[],
  parse: (text: string, file: string) => T[],
): { items: T[]; invalid: boolean } {
  const items: T[] = [];
  let invalid = false;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      console.error(
        `opsdeck ${command}: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
      invalid = true;
      continue;
    }
    try {
      items.push(...parse(text, file));
    } catch (err) {
      if (!(err instanceof ResourceFileError)) throw err;
      for (const p of err.problems) console.error(p);
      invalid = true;
    }
  }
  return { items, invalid };
}
