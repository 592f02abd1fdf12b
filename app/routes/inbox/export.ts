/** GET /inbox/export/people.csv and /inbox/export/submissions.csv: the inbox as spreadsheets. */
import { peopleCsv, submissionsCsv } from "~/lib/server/inbox/csv.server";
import { requireSession } from "~/lib/server/inbox/guard.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/export";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context);
  const db = serverOf(context).inbox.db;
  const people = new URL(request.url).pathname.endsWith("/people.csv");
  const csv = people ? await peopleCsv(db) : await submissionsCsv(db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${people ? "people" : "submissions"}-${day}.csv"`,
    },
  });
}
