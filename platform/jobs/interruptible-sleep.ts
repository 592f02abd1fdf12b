/**
 * The pause between a job's runs (JobRunner): a timer that wake() ends at once, so a wake or a
 * stop() does not wait the interval out.
 */
export class InterruptibleSleep {
  private readonly sleepers = new Set<() => void>();

  /** Resolves after `ms`, or as soon as wake() is called, whichever comes first. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Ends the sleeps in progress now. Nothing is remembered: a sleep begun later waits its full time. */
  wake(): void {
    for (const done of [...this.sleepers]) done();
  }
}
