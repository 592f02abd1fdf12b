import type { Route } from "./+types/healthz";
import { siteHealth } from "~/lib/server/leads/health.server";
import { serverOf } from "~/router-context";

/**
 * Health check for load balancers and monitoring: 200 when the database answers, 503 when it
 * does not. Anyone may ask whether the site is up; only a request made on this machine also gets
 * the notification queue by status (a stuck or failing outbox shows there), because those counts
 * are the agent's lead volume.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const server = serverOf(context);
  const report = await siteHealth(server.leads.db, { notifications: server.fromThisMachine });
  return Response.json(report, { status: report.ok ? 200 : 503 });
}
