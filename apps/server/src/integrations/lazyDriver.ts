/**
 * A driver module loaded on first use and kept: the server and `opsdeck run` start without
 * loading a dozen database and cloud clients that most canaries never touch (mongodb, mssql and
 * the Kubernetes client alone take about two seconds to import). A failed load is retried.
 */
export function lazyDriver<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
