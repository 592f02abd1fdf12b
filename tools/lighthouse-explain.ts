/**
 * Where a Lighthouse run's simulated TBT and LCP come from (`AUDIT_VERBOSE=1 npm run audit`).
 *
 * Lighthouse does not time the phone it reports: it records the page unthrottled, then its
 * simulator (Lantern) replays the recorded main-thread tasks four times slower and the requests
 * over a 150 ms, 1.6 Mbit/s network. The report gives the totals only; this prints the replayed
 * tasks that count towards Total Blocking Time (longer than 50 ms, after the simulated first
 * contentful paint) and the requests the simulated largest contentful paint waited for, each with
 * its simulated start and end, so a figure can be traced to its cause.
 *
 * It reads Lighthouse's own computed metrics, which are internal modules: after a Lighthouse
 * upgrade it may say it cannot explain a run rather than fail the audit.
 */
import type { RunnerResult } from "lighthouse";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}
interface GraphNode {
  type: "cpu" | "network";
  childEvents?: TraceEvent[];
  request?: { url: string; resourceType?: string; priority?: string; transferSize?: number };
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const file = (url = "") => url.split("/").pop()?.slice(0, 60) ?? "";
const ms = (t: Timing) => `${Math.round(t.startTime)}–${Math.round(t.endTime)} ms`;

/** Events that only wrap the ones that say what ran. */
const WRAPPERS = new Set(["RunTask", "ThreadControllerImpl::RunTask", "v8.callFunction", "v8.run"]);

/** The biggest recorded events inside a simulated task, with their unthrottled durations. */
function whatRan(node: GraphNode): string {
  return (node.childEvents ?? [])
    .filter((e) => (e.dur ?? 0) > 1000 && !WRAPPERS.has(e.name))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 3)
    .map((e) => `${e.name}${e.args?.data?.url ? ` ${file(e.args.data.url)}` : ""} ${((e.dur ?? 0) / 1000).toFixed(1)}`)
    .join(", ");
}

/** Lines describing one run, or one line saying why it cannot be explained. */
export async function explainRun(result: RunnerResult): Promise<string[]> {
  try {
    const { artifacts, lhr } = result;
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    };
    const context = { computedCache: new Map(), settings: lhr.configSettings };
    type Request = (d: unknown, c: unknown) => Promise<unknown>;
    const compute = async (metric: { request: unknown }) => (await (metric.request as Request)(data, context)) as LanternResult;
    const fcp = await compute(LanternFirstContentfulPaint);
    const tbt = await compute(LanternTotalBlockingTime);
    const lcp = await compute(LanternLargestContentfulPaint);
    // Lighthouse's TBT is the mean of two estimates; the pessimistic one counts from the
    // optimistic FCP, so it lists every task that can count.
    const fcpStart = fcp.optimisticEstimate.timeInMs;
    const tasks = [...tbt.pessimisticEstimate.nodeTimings]
      .filter(([node, t]) => node.type === "cpu" && t.duration > 50 && t.endTime > fcpStart)
      .sort((a, b) => a[1].startTime - b[1].startTime)
      .map(([node, t]) => `    ${ms(t)} (${Math.round(t.duration)} ms simulated): ${whatRan(node) || "short events only"}`);
    const requests = [...lcp.pessimisticEstimate.nodeTimings]
      .filter(([node]) => node.type === "network")
      .sort((a, b) => a[1].startTime - b[1].startTime)
      .map(
        ([node, t]) =>
          `    ${ms(t)}: ${node.request?.resourceType ?? ""} ${file(node.request?.url)} (${Math.round((node.request?.transferSize ?? 0) / 1024)} KB, ${node.request?.priority ?? ""})`,
      );
    return [
      `  simulated FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms, TBT ${Math.round(tbt.timing)} ms; tasks over 50 ms after FCP (recorded events in ms, unthrottled):`,
      ...(tasks.length ? tasks : ["    none"]),
      "  requests the simulated LCP waited for:",
      ...requests,
    ];
  } catch (error) {
    return [`  (cannot explain this run with this Lighthouse version: ${error instanceof Error ? error.message : String(error)})`];
  }
}
