/**
 * The one runner of the server's background jobs (docs/decisions/031): the notification outbox,
 * the DDF® listings sync, and whatever job comes next. Each job gets its own loop in this process:
 *
 *   run → pause → run → ...
 *
 * - the pause is the job's interval, or the time the run asked for (its own schedule), or, after a
 *   run that threw, backoffDelay(failures in a row) from the job's retry settings, with jitter;
 * - wake(name) ends the pause at once (a run in progress is followed by another straight away);
 * - every run gets an AbortSignal, aborted when the runner stops or the job's lease is lost: the
 *   job hands it to each of its I/O calls;
 * - a job is run by one server at a time: either through the runner's lease (`job_leases`, taken
 *   before each run, renewed while it lasts, given back after it), or, when the job's own rows
 *   already carry a lease taken in the same statement as its work (the outbox's per-notification
 *   claims, the listings sync's `listing_sync` row), through that one; never two;
 * - stop(budget) aborts the runs in flight and waits for them at most `budget` ms: a run whose I/O
 *   hangs is left behind (its lease, if any, runs out on its own) rather than holding up shutdown.
 */
import { randomUUID } from "node:crypto";
import { messageChainOf } from "../db/errors";
import { backoffDelay } from "./backoff";
import { InterruptibleSleep } from "./interruptible-sleep";
import { type LeaseDatabase, releaseLease, renewLease, takeLease } from "./lease";

export type JobLog = Pick<Console, "info" | "warn" | "error">;

export interface JobContext {
  /** Aborted when the runner stops or this server loses the job's lease: pass it to every I/O. */
  readonly signal: AbortSignal;
  /** Runs in a row that threw, before this one (0 after a run that did not). */
  readonly failures: number;
}

export interface JobRunOutcome {
  /** Run again at once: more work is waiting (a full batch). */
  again?: boolean;
  /** The pause before the next run, for a job that keeps its own schedule (default: intervalMs). */
  nextRunInMs?: number;
}

export interface Job {
  /** Unique among the jobs sharing the database: the key of its lease, and its name in logs. */
  readonly name: string;
  /** The pause between runs, unless a run asks for another. */
  readonly intervalMs: number;
  /** The pause between start() and the first run (default none). */
  readonly startDelayMs?: number;
  /** The pause after a run that threw: backoffDelay(failures in a row, baseMs, maxMs), +-20 %. */
  readonly retry: { baseMs: number; maxMs: number };
  /**
   * How two servers are kept from running the job at once. `{ ms }`: the runner's lease, lasting
   * `ms` unless renewed (it is renewed every ms/3 while the run lasts); when another server holds
   * it the run is skipped and the runner looks again when that lease ends (at least 1 s, at most
   * intervalMs later). `"own"`: the job's rows carry their own lease, taken with the work.
   * `"each server"`: every server runs it for itself (it keeps something of this process current).
   */
  readonly lease: { ms: number } | "own" | "each server";
  run(context: JobContext): Promise<JobRunOutcome | void>;
}

/** What most jobs hold: their store (the database), their options, and a clock (`options.now`, which tests move). */
export abstract class ClockedJob<Store, Options extends { now?: () => Date }> {
  constructor(
    protected readonly db: Store,
    protected readonly options: Options,
  ) {}

  protected now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

export interface JobRunnerOptions {
  /** Where the runner's leases live; needed only by jobs with `lease: { ms }`. */
  db?: LeaseDatabase;
  log?: JobLog;
  /** For tests: the jitter's randomness. */
  random?: () => number;
}

/** The abort reason of a run when the runner stops. */
export class JobStopped extends Error {
  constructor(name: string) {
    super(`the job ${name} was stopped`);
    this.name = "JobStopped";
  }
}

/** The abort reason of a run whose lease another server took over (this one failed to renew it in time). */
export class JobLeaseLost extends Error {
  constructor(name: string) {
    super(`another server took over the job ${name} (its lease ran out)`);
    this.name = "JobLeaseLost";
  }
}

/** Never look at a busy lease more often than this, whatever it says. */
const MIN_BUSY_PAUSE_MS = 1_000;

/** Until the other server's lease ends: at least MIN_BUSY_PAUSE_MS, at most the job's interval. */
export function busyPause(msLeft: number, intervalMs: number): number {
  return Math.min(Math.max(msLeft, MIN_BUSY_PAUSE_MS), intervalMs);
}

export class JobRunner {
  private readonly loops = new Map<string, JobLoop>();
  private state: "new" | "started" | "stopped" = "new";
  private readonly log: JobLog;

  constructor(private readonly options: JobRunnerOptions = {}) {
    this.log = options.log ?? console;
  }

  /** Registers a job; after start() it starts at once. */
  add(job: Job): this {
    if (this.loops.has(job.name)) throw new Error(`a job named ${job.name} is already registered`);
    if (typeof job.lease === "object" && !this.options.db) throw new Error(`the job ${job.name} needs a lease: give the runner a database`);
    if (this.state === "stopped") throw new Error("the job runner is stopped");
    const loop = new JobLoop(job, this.options.db ?? null, this.log, this.options.random ?? Math.random);
    this.loops.set(job.name, loop);
    if (this.state === "started") loop.start();
    return this;
  }

  /** The names of the jobs registered. */
  get jobs(): string[] {
    return [...this.loops.keys()];
  }

  start(): void {
    if (this.state !== "new") return;
    this.state = "started";
    for (const loop of this.loops.values()) loop.start();
  }

  /** Runs the job now rather than at the end of its pause (after the run in progress, if one is). False when no such job is registered. */
  wake(name: string): boolean {
    const loop = this.loops.get(name);
    loop?.wake();
    return Boolean(loop);
  }

  /**
   * Starts no further run, aborts the signal of each run in flight and waits for them to end, for
   * `budgetMs` at most. A run still going then is left behind and reported; its lease is no longer
   * renewed, so another server takes the job over when it runs out.
   */
  async stop(budgetMs: number): Promise<void> {
    if (this.state === "stopped") return;
    this.state = "stopped";
    const loops = [...this.loops.values()];
    for (const loop of loops) loop.stop();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), budgetMs);
    });
    const outcome = await Promise.race([Promise.all(loops.map((l) => l.finished)).then(() => "done" as const), late]);
    clearTimeout(timer);
    if (outcome === "done") return;
    const left = loops.filter((l) => !l.isFinished);
    for (const loop of left) loop.abandon();
    this.log.warn(`[jobs] ${left.map((l) => l.name).join(", ")} still running ${budgetMs} ms after the stop: left behind`);
  }
}

/** One job's loop in this process. */
class JobLoop {
  private readonly pause = new InterruptibleSleep();
  private stopping = false;
  private woken = false;
  private failures = 0;
  private current: AbortController | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  isFinished = false;

  constructor(
    private readonly job: Job,
    private readonly db: LeaseDatabase | null,
    private readonly log: JobLog,
    private readonly random: () => number,
  ) {}

  get name(): string {
    return this.job.name;
  }

  get finished(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  start(): void {
    this.loop ??= this.cycle().finally(() => {
      this.isFinished = true;
    });
  }

  wake(): void {
    this.woken = true;
    this.pause.wake();
  }

  stop(): void {
    this.stopping = true;
    this.current?.abort(new JobStopped(this.job.name));
    this.pause.wake();
  }

  /** The run outlived the stop's budget: stop renewing its lease (the database is about to close). */
  abandon(): void {
    this.stopHeartbeat();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async cycle(): Promise<void> {
    await this.sleep(this.job.startDelayMs ?? 0);
    while (!this.stopping) {
      this.woken = false;
      const pause = await this.runOnce();
      if (this.stopping) break;
      if (pause === "again" || this.woken) continue;
      await this.sleep(pause);
    }
  }

  /** One run (through the runner's lease when the job uses it); returns the pause before the next. */
  private async runOnce(): Promise<number | "again"> {
    const controller = new AbortController();
    this.current = controller;
    const lease = typeof this.job.lease === "object" ? { db: this.db!, ms: this.job.lease.ms, owner: randomUUID() } : null;
    let held = false;
    try {
      if (lease) {
        const attempt = await takeLease(lease.db, this.job.name, lease.owner, lease.ms);
        if (!attempt.held) return busyPause(attempt.msLeft, this.job.intervalMs);
        held = true;
        // Stopped while the lease was being taken: give it back without running.
        if (this.stopping) return 0;
        this.keepLease(lease, controller);
      }
      const outcome = await this.job.run({ signal: controller.signal, failures: this.failures });
      this.failures = 0;
      if (outcome?.again) return "again";
      return outcome?.nextRunInMs ?? this.job.intervalMs;
    } catch (error) {
      // A run cut short by stop() is not a failure; the loop ends.
      if (this.stopping) return 0;
      this.failures += 1;
      const pause = backoffDelay(this.failures, this.job.retry.baseMs, this.job.retry.maxMs, this.random);
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      this.log.warn(
        `[jobs] ${this.job.name} failed (${this.failures} in a row), next try in ${Math.max(1, Math.round(pause / 1000))} s: ${messageChainOf(reason)}`,
      );
      return pause;
    } finally {
      this.stopHeartbeat();
      this.current = null;
      if (held && lease) {
        // A lease that cannot be given back (the database is gone) runs out on its own.
        await releaseLease(lease.db, this.job.name, lease.owner).catch((error: unknown) => {
          this.log.warn(`[jobs] ${this.job.name}: could not give its lease back (it runs out on its own): ${messageChainOf(error)}`);
        });
      }
    }
  }

  /**
   * Renews the lease every ms/3 while the run lasts. When another server has taken it over, or it
   * was not renewed in time (two beats in a row failed), the run's signal is aborted: the job may
   * soon be running elsewhere.
   */
  private keepLease(lease: { db: LeaseDatabase; ms: number; owner: string }, controller: AbortController): void {
    const beatMs = Math.max(10, Math.floor(lease.ms / 3));
    let heldUntil = Date.now() + lease.ms;
    let renewing = false;
    this.heartbeat = setInterval(() => {
      if (controller.signal.aborted) return;
      // Not renewed in time (the database hangs or is gone): by the next beat another server may
      // take the job over, so this run ends now.
      if (Date.now() >= heldUntil - beatMs) {
        controller.abort(new JobLeaseLost(this.job.name));
        return;
      }
      if (renewing) return;
      renewing = true;
      const asked = Date.now();
      renewLease(lease.db, this.job.name, lease.owner, lease.ms)
        .then((kept) => {
          if (kept) heldUntil = asked + lease.ms;
          else controller.abort(new JobLeaseLost(this.job.name));
        })
        .catch((error: unknown) => {
          // Tried again at the next beat; the check above ends the run if the lease runs out first.
          this.log.warn(`[jobs] ${this.job.name}: could not renew its lease: ${messageChainOf(error)}`);
        })
        .finally(() => {
          renewing = false;
        });
    }, beatMs);
    this.heartbeat.unref();
  }

  /** The pause between runs; wake() and stop() end it, and once stopping there is nothing to wait for. */
  private sleep(ms: number): Promise<void> {
    return this.stopping ? Promise.resolve() : this.pause.sleep(ms);
  }
}
