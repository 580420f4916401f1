import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScrapeConfigResource } from '@opsdeck/schema';
import { validateScrapeConfig } from '../../src/catalog/scrapeConfigYaml.js';

/** A validated ScrapeConfig named `name` with `spec`. */
export function buildScrapeConfig(spec: Record<string, unknown>, name = 'test-scraper'): ScrapeConfigResource {
  return validateScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name },
    spec,
  });
}

/** A fresh temporary folder, with `files` (name -> content; objects are written as JSON). */
export function tempFolder(files: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-catalog-'));
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, unknown>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}
