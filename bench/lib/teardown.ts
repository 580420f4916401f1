/**
 * The clean-up steps of one benchmark run (stop the server child, close the peer, drop the
 * scratch database), run in reverse order once: from the run's `finally`, or on Ctrl-C / SIGTERM
 * before the process exits with 130, so an interrupted run leaves no child process or scratch
 * database behind. A second Ctrl-C while cleaning up exits at once.
 */
export function teardown() {
  const steps: Array<() => unknown> = [];
  let running: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`\n  ${signal}: stopping the server, the peer and dropping the scratch database`);
    void run().finally(() => process.exit(130));
  };
  const run = (): Promise<void> => {
    running ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      for (const step of steps.reverse()) {
        try {
          await step();
        } catch (err) {
          console.error(`  clean-up step failed: ${(err as Error).message}`);
        }
      }
    })();
    return running;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    /** Adds a step; steps run last added first. */
    add(step: () => unknown): void {
      steps.push(step);
    },
    run,
  };
}
