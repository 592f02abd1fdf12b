import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InterruptibleSleep } from "./interruptible-sleep";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled by now (after pending microtasks run). */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("InterruptibleSleep", () => {
  it("ends on time when nothing wakes it", async () => {
    const s = new InterruptibleSleep();
    const p = s.sleep(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(p)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(p)).toBe(true);
  });

  it("ends at once when woken, and leaves no timer behind", async () => {
    const s = new InterruptibleSleep();
    const p = s.sleep(60_000);
    expect(await settled(p)).toBe(false);
    s.wake();
    expect(await settled(p)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not carry a wake over to a later sleep", async () => {
    const s = new InterruptibleSleep();
    s.wake();
    const p = s.sleep(1_000);
    expect(await settled(p)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(p)).toBe(true);
  });
});
