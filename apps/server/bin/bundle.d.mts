/** Builds the server's bundle into `outdir`; answers its entry. */
export function buildBundle(outdir: string): Promise<string>;
/** The entry of the bundle built from the sources as they are now, if there is one. */
export function currentBundle(): string | undefined;
/** The current bundle's entry, built first when the sources changed since the last build. */
export function ensureBundle(): Promise<string>;
/** The newest change time under `p` (a file or a directory tree), 0 when it does not exist. */
export function newestChange(p: string): number;
