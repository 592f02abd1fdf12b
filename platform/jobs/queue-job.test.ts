import { describe, expect, it } from "vitest";
import { QueueJob } from "./queue-job";

/** A queue of numbers whose delivery breaks its contract (throws) for the ones in `throwing`: odd ones synchronously, even ones as a rejection. */
class Numbers extends QueueJob<number> {
  readonly delivered: number[] = [];
  constructor(
    private readonly due: number[],
    private readonly throwing: Set<number>,
    lines: string[],
  ) {
    const line = (text: string) => void lines.push(text);
    super("numbers", {
      pollMs: 1000,
      maxAttempts: 3,
      backoffBaseMs: 10,
      backoffMaxMs: 20,
      batchSize: 8,
      leaseMs: 1000,
      log: { info: line, warn: line, error: line },
    });
  }
  protected async claim(limit: number) {
    return this.due.splice(0, limit);
  }
  protected deliver(item: number): Promise<void> {
    if (this.throwing.has(item)) {
      if (item % 2) throw new Error(`item ${item} broke synchronously`);
      return Promise.reject(new Error(`item ${item} broke`));
    }
    this.delivered.push(item);
    return Promise.resolve();
  }
}

describe("a queue job's batch", () => {
  it("is settled whole when a delivery throws, synchronously or not: the others are delivered, one line each", async () => {
    const lines: string[] = [];
    const job = new Numbers([1, 2, 3, 4, 5], new Set([2, 3]), lines);
    expect(await job.drainOnce()).toBe(5);
    expect(job.delivered).toEqual([1, 4, 5]);
    expect(lines.sort()).toEqual(["[numbers] a delivery threw: item 2 broke", "[numbers] a delivery threw: item 3 broke synchronously"]);
  });
});
