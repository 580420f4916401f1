import { applyCommand } from './apply.js';
import { migrateCommand } from './migrate.js';
import { runCommand } from './run.js';
import { serveCommand } from './serve.js';
import { userCommand } from './user.js';

/** One `opsdeck <name>` sub-command. `run` resolves to the process exit code. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[]): Promise<number>;
}

const COMMANDS: Command[] = [serveCommand, migrateCommand, userCommand, runCommand, applyCommand];

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
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`opsdeck: unknown command '${name}'\n\n${help()}`);
    return 2;
  }
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
