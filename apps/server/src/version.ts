import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The backend version shown in the user menu and on `/api/canary/about`. */
export const VERSION: string = process.env.OPSDECK_VERSION ?? pkg.version;
