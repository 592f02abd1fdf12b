/**
 * GET /inbox/people/:personId/export.json and /export.txt: everything held about one person (their
 * access request), as a download. Under the inbox layout (its guard finds the session and marks the
 * answer private); checked again here, as every inbox data route does. Sent as an attachment of a
 * non-markup type with nosniff, so nothing a visitor typed is ever rendered as a page.
 */
import { data } from "react-router";
import { requireSession } from "~/lib/server/inbox/guard.server";
import { exportPerson } from "~/lib/server/inbox/person-export.server";
import { positiveId } from "~/lib/server/http/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/person-export";

const notFound = () => data("Not found", { status: 404 });

/** Which file the path asks for, whatever its spelling React Router matched (case, percent-escapes). */
function formatOf(url: string): "json" | "text" | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return null;
  }
  return path.endsWith("/export.json") ? "json" : path.endsWith("/export.txt") ? "text" : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { account } = requireSession(context);
  const id = positiveId(params.personId);
  const format = formatOf(request.url);
  if (id === null || format === null) throw notFound();
  const file = await exportPerson(serverOf(context).inbox.db, id, format, account);
  if (!file) throw notFound();
  return new Response(file.body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
