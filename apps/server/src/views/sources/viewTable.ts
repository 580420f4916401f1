import type { ViewSource } from './types.js';

/**
 * `viewTableSelector`: the rows other views stored (each view's table, for its default variable
 * values), from every view the selector matches by name (`*` wildcard), namespace and labels.
 * Each row carries `__view` (`namespace/name`) so a merge can tell them apart.
 */
export const viewTableSource: ViewSource<'viewTableSelector'> = {
  key: 'viewTableSelector',
  run: (selector, ctx) => ctx.viewTables(selector),
};
