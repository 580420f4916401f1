import { readFile } from 'node:fs/promises';

/** The engine's compiled code and file bundle, shared by every embedded database of this process. */
export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let artifacts: Promise<PgliteArtifacts> | undefined;

async function load(): Promise<PgliteArtifacts> {
  const file = (name: string) => readFile(new URL(name, import.meta.resolve('@electric-sql/pglite')));
  const [pglite, initdb, bundle] = await Promise.all([
    file('./pglite.wasm'),
    file('./initdb.wasm'),
    file('./pglite.data'),
  ]);
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(pglite),
    WebAssembly.compile(initdb),
  ]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
}

/**
 * Compiled once per process: PGlite otherwise compiles its 9 MB WebAssembly module (and optimizes
 * it again in the background) for every database it opens, which tests and `opsdeck` commands that
 * open several pay each time.
 */
export function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= load().catch((err) => {
    artifacts = undefined;
    throw err;
  });
  return artifacts;
}
