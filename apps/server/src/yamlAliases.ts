/**
 * The one limit on YAML aliases for every YAML OpsDeck reads (canary files, notification
 * resources): a document whose aliases expand exponentially ("billion laughs") is refused as
 * invalid input instead of exhausting memory. Pass it as the yaml library's `maxAliasCount`.
 */
export const MAX_ALIAS_COUNT = 100;

/** What a document that expands its aliases too far is told. */
export const ALIAS_BOMB_MESSAGE = `too many alias expansions (more than ${MAX_ALIAS_COUNT}): aliases that expand exponentially are refused`;

/** Whether an error of the yaml library is its alias-count guard (it throws a ReferenceError). */
export const isAliasBomb = (err: unknown): boolean => err instanceof ReferenceError;
