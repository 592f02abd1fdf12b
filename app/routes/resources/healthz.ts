import type { Route } from "./+types/healthz";

/**
 * Health check for load balancers and the test harness: 200 when the database answers,
 * 503 when it does not. Also shows the notification queue, so a stuck or failing outbox is
 * visible from outside ("failed" counts notifications kept after a permanent failure).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const report = await context.services.health();
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
