import {
  type CelFunc,
  type CelMap,
  CelScalar,
  type CelValue,
  celEnv,
  celFunc,
  celMethod,
  isCelError,
  mapType,
  objectType,
} from '@bufbuild/cel';
import { isOptional } from './optional.js';

/**
 * What cel-go answers for an optional where the engine would see the map it is carried in:
 * `type(optional.of(1))` is `optional_type` (and equals the `optional_type` identifier), and
 * `size()` of an optional has no overload. Each function here replaces the engine's own overload
 * of the same signature, which it calls for every other value.
 */

/** The type of every optional value, as cel-go names it. */
export const OPTIONAL_TYPE = objectType('optional_type');

const std = celEnv().funcs;
const MAP = mapType(CelScalar.DYN, CelScalar.DYN);

/** The engine's own overload of `name` for `args` (throws its error). */
function standard(name: string, target: CelValue | undefined, args: CelValue[]): CelValue {
  const out = std.find(name)?.call(0, target, args);
  if (out === undefined) throw new Error(`found no matching overload for '${name}'`);
  if (isCelError(out)) throw new Error(out.message);
  return out as CelValue;
}

/** `size()` of a map, and none for an optional (carried in a map, but no map to cel-go). */
function mapSize(m: CelMap): bigint {
  const optional: boolean = isOptional(m);
  if (optional) throw new Error("found no matching overload for 'size' applied to '(optional_type)'");
  return BigInt(m.size);
}

export const optionalTypeFunctions: CelFunc[] = [
  celFunc('type', [CelScalar.DYN], CelScalar.TYPE, (v) =>
    isOptional(v) ? OPTIONAL_TYPE : (standard('type', undefined, [v]) as never),
  ),
  celFunc('size', [MAP], CelScalar.INT, mapSize),
  celMethod('size', MAP, [], CelScalar.INT, function (this: CelMap) {
    return mapSize(this);
  }),
];
