/** GET /inbox/pulse (JSON): what an open inbox polls to show new submissions without a reload. */
import { requireSession } from "~/lib/server/inbox/guard.server";
import { inboxPulse } from "~/lib/server/inbox/people.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/pulse";

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  return Response.json(await inboxPulse(serverOf(context).inbox.db));
}
