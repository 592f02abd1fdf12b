/**
 * Group commit for form submissions. When a submission arrives and the database is idle it is
 * written at once, alone; submissions that arrive while a write is running wait for it and are
 * then written together in one statement (one transaction). A quiet site therefore sees no
 * added latency, and a busy one pays one commit per batch instead of one per visitor: PGlite,
 * a single connection running PostgreSQL in WebAssembly, spends most of a small write on the
 * statement and commit themselves.
 *
 * Every visitor is still answered only after their own rows are committed. If a batch fails,
 * its submissions are retried one by one, so one bad submission fails alone and nothing is
 * half-written (each statement is atomic).
 */
export interface BatcherOptions<I> {
  writeOne: (item: I) => Promise<unknown>;
  writeMany: (items: I[]) => Promise<unknown[]>;
  /** Largest batch (default 100). */
  maxBatch?: number;
  /** Batches written at the same time (1 for PGlite; more for a PostgreSQL pool). */
  concurrency?: number;
  /** Items with equal keys never share a batch (an upsert cannot touch one row twice). */
  keyOf?: (item: I) => string;
}

interface Pending<I> {
  item: I;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class SubmissionBatcher<I, O> {
  private readonly queue: Pending<I>[] = [];
  private running = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly concurrency: number;

  constructor(private readonly options: BatcherOptions<I>) {
    this.maxBatch = options.maxBatch ?? 100;
    this.concurrency = options.concurrency ?? 1;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve: resolve as (value: unknown) => void, reject });
      // Start on the next turn of the event loop, not now: PGlite runs in this thread, so a
      // write started at once would run before the other requests already received this turn
      // could join it. setImmediate costs well under a millisecond when the site is quiet.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.running += 1;
      void this.write(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private takeBatch(): Pending<I>[] {
    const batch: Pending<I>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const p = this.queue[i]!;
      const key = this.options.keyOf?.(p.item);
      if (key !== undefined && keys.has(key)) {
        i++; // waits for the next batch
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(p);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async write(batch: Pending<I>[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch;
      await this.options.writeOne(only!.item).then(only!.resolve, only!.reject);
      return;
    }
    try {
      const results = await this.options.writeMany(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch {
      // Find the submission that failed: each one alone, in its own statement.
      for (const p of batch) await this.options.writeOne(p.item).then(p.resolve, p.reject);
    }
  }
}
