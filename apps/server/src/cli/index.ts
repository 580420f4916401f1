/** One `opsdeck <name>` sub-command. `run` resolves to the process exit code. */
export interface Command {
  usage: string;
  run(argv: string[]): Promise<number>;
}

/**
 * The sub-commands `opsdeck help` lists. A command's module (and the server, database and check
 * drivers it pulls in) is loaded only when that command runs, so `opsdeck run` starts quickly.
 */
const COMMANDS: Array<{ name: string; summary: string; load(): Promise<Command> }> = [
  {
    name: 'serve',
    summary: 'start the OpsDeck server (API, web app, scheduler)',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    name: 'migrate',
    summary: 'apply database migrations and exit',
    load: async () => (await import('./migrate.js')).migrateCommand,
  },
  { name: 'user', summary: 'manage users (add)', load: async () => (await import('./user.js')).userCommand },
  {
    name: 'run',
    summary: 'run the canaries in YAML files once and print the results',
    load: async () => (await import('./run.js')).runCommand,
  },
  {
    name: 'scrape',
    summary: 'run the scrapers of ScrapeConfig files once and print the config items',
    load: async () => (await import('./scrape.js')).scrapeCommand,
  },
  {
    name: 'apply',
    summary: 'store the resources of YAML files (every kind, all or nothing; --dry-run)',
    load: async () => (await import('./apply.js')).applyCommand,
  },
  {
    name: 'delete',
    summary: 'remove the resources YAML files name (--dry-run)',
    load: async () => (await import('./apply.js')).deleteCommand,
  },
  {
    name: 'import',
    summary: 'import Uptime Kuma backups and Gatus configurations (canaries, channels, rules)',
    load: async () => (await import('./import.js')).importCommand,
  },
];

function help(): string {
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`);
  return [
    'Usage: opsdeck <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'opsdeck <command> --help for its options.',
  ].join('\n');
}

/** Entry point of the CLI; returns the exit code (2 for usage errors). */
export async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    console.log(help());
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    console.error(`opsdeck: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`opsdeck ${name}: ${err.message}\n\n${command.usage}`);
      return 2;
    }
    console.error(`opsdeck ${name}: ${(err as Error).message}`);
    return 1;
  }
}

/** Thrown for bad flags; the CLI prints the usage and exits 2. */
export class UsageError extends Error {}
