// The node flags `opsdeck serve` runs with (npm start, the image, the benchmarks): V8 flags cannot
// be set once the process runs, so whoever starts the server passes them.
//
// One concurrent marking thread: by default V8 marks the old generation on four helper threads
// whatever the machine, which on two cores starve the server's own thread (and a database beside
// it) for the length of each major collection: 100-240 ms without a pause V8 reports, and checks
// that start that much late. The server runs JavaScript on one thread; one marker keeps up with it.
export const SERVER_NODE_FLAGS = ['--concurrent-marking-max-worker-num=1'];
