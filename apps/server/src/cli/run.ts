import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { connectionSecretBox } from '../connections/secrets.js';
import { ConnectionResolver } from '../connections/store.js';
import { type Db, openDatabase } from '../db/connection.js';
import {
  CanaryRunner,
  canaryCheckRows,
  closeCheckDrivers,
  parseCanaryFile,
  type RunnableCanary,
} from '../health/index.js';
import { cliSandboxPolicy } from '../sandbox/config.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';
import { readResourceFiles } from './readResources.js';

/** One line of `opsdeck run --json`. */
export interface RunLine {
  canary: string;
  name: string;
  type: string;
  pass: boolean;
  message: string;
  error: string | null;
  duration: number;
}

function toRunnable(canary: ReturnType<typeof parseCanaryFile>[number]): RunnableCanary {
  const namespace = canary.metadata.namespace ?? 'default';
  return {
    id: `${namespace}/${canary.metadata.name}`,
    name: canary.metadata.name,
    namespace,
    labels: canary.metadata.labels ?? {},
    retries: canary.spec.retries,
    checks: canaryCheckRows(canary.metadata.name, canary.spec).map(({ type, check }) => ({
      id: `${namespace}/${canary.metadata.name}/${type}/${check.name}`,
      type,
      name: check.name,
      spec: check,
    })),
  };
}

function formatLine(l: RunLine): string {
  const text = l.pass ? l.message : l.error || l.message;
  return `${l.pass ? 'PASS' : 'FAIL'}  ${l.canary}/${l.name}  (${l.type})  ${l.duration}ms${text ? `  ${text.replace(/\s+/g, ' ')}` : ''}`;
}

export const runCommand: Command = {
  usage: [
    'Usage: opsdeck run [--json] FILE...',
    '',
    'Runs every check of every Canary in the files once, without a server, and prints one line per',
    'check (PASS/FAIL, canary/check, type, duration, message). --json prints an array of',
    '{canary, name, type, pass, message, error, duration}. Exit code: 0 all passed, 1 a check',
    'failed, 2 invalid input. connection:// references need DATABASE_URL (or the data dir).',
    'Folder and junit checks read any path you can read (OPSDECK_FILE_ROOTS is for the server).',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(argv, { json: { type: 'boolean' } });
    if (!positionals.length) throw new UsageError('name at least one canary file');
    // run once needs no schedule: a schedule it cannot parse is a warning, not a refusal
    const onScheduleProblem = (i: { path: string; message: string }) =>
      console.error(`opsdeck run: warning: ${i.path}: ${i.message} (ignored: the canary runs once)`);
    const { items: canaries, invalid } = readResourceFiles('run', positionals, (text, file) =>
      parseCanaryFile(text, file, { onScheduleProblem }).map(toRunnable),
    );
    if (invalid) return 2;

    const uses = JSON.stringify(canaries).includes('connection://') || JSON.stringify(canaries).includes('valueFrom');
    let db: Db | undefined;
    const config = loadConfig();
    if (uses) db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const resolver = db ? new ConnectionResolver(db, connectionSecretBox(config)) : undefined;
    const runner = new CanaryRunner({
      clock: systemClock,
      sandbox: cliSandboxPolicy(config),
      ...(resolver ? { resolver } : {}),
    });
    const lines: RunLine[] = [];
    try {
      const results = await Promise.all(canaries.map((c) => runner.runCanary(c)));
      results.forEach((runs, i) => {
        const canary = canaries[i] as RunnableCanary;
        for (const { check, result } of runs) {
          const first = lines.length;
          const line: RunLine = {
            canary: canary.name,
            name: check.name,
            type: check.type,
            pass: result.pass,
            message: result.message,
            error: result.error ?? null,
            duration: result.duration,
          };
          lines.push(line);
          for (const t of result.transformed ?? []) {
            lines.push({
              canary: canary.name,
              name: t.name,
              type: t.type ?? check.type,
              pass: t.pass,
              message: t.message ?? '',
              error: t.error ?? null,
              duration: t.duration ?? result.duration,
            });
          }
          if (!values.json) for (const l of lines.slice(first)) console.log(formatLine(l));
        }
      });
    } finally {
      await closeCheckDrivers();
      await db?.close();
    }
    if (values.json) console.log(JSON.stringify(lines, null, 2));
    return lines.every((l) => l.pass) ? 0 : 1;
  },
};
