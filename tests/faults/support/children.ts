/**
 * Every process a suite starts is registered here and killed when the test process ends, even
 * after a failed assertion or a timeout: no server outlives its suite.
 */
import type { ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

export function killAll(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  running.clear();
}

process.once("exit", killAll);
