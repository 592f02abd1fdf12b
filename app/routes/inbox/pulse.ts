/** GET /inbox/pulse (JSON): what an open inbox polls to show new submissions without a reload. */
import { requireSession } from "~/lib/server/inbox/guard.server";
import { inboxPulse } from "~/lib/server/inbox/people.server";
import type { Route } from "./+types/pulse";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSession(request, context);
  return Response.json(await inboxPulse(context.inbox.db), { headers: { "Cache-Control": "no-store" } });
}
