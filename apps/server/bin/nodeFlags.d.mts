/** The node flags `opsdeck serve` is started with. */
export const SERVER_NODE_FLAGS: readonly string[];
