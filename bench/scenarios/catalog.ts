// `npm run bench -- catalog [options of catalog-reads and catalog-ingest]`: the whole catalog
// benchmark of issue #12: the reads (summary, list, recursive changes, related configs) over
// 100,000 items and 1,000,000 changes, then the time and peak RSS to ingest a 10,000-file scrape.
// Each half is its own scenario and can be run alone; flags are passed to both.
import { run as ingest } from './catalog-ingest.js';
import { run as reads } from './catalog-reads.js';

export async function run(argv: string[]): Promise<void> {
  await reads(argv);
  await ingest(argv);
}
