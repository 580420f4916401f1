import { collectionFuncs } from './collections.js';
import { cryptoFuncs } from './crypto.js';
import { encodingFuncs } from './encoding.js';
import { filepathFuncs } from './filepath.js';
import { kubernetesFuncs } from './kubernetes.js';
import { mathFuncs } from './math.js';
import { randomFuncs } from './random.js';
import { regexpFuncs } from './regexp.js';
import { semverFuncs } from './semver.js';
import { stringFuncs } from './strings.js';
import { testFuncs } from './test.js';
import { timeFuncs } from './time.js';
import type { LibFunc } from './types.js';

/** The whole shared function library, family by family (see types.ts). */
export const libraryFuncs: readonly LibFunc[] = [
  ...stringFuncs,
  ...semverFuncs,
  ...collectionFuncs,
  ...timeFuncs,
  ...encodingFuncs,
  ...cryptoFuncs,
  ...mathFuncs,
  ...regexpFuncs,
  ...randomFuncs,
  ...filepathFuncs,
  ...kubernetesFuncs,
  ...testFuncs,
];

export type { LibFunc } from './types.js';
