/** GET /inbox/export/people.csv and /inbox/export/submissions.csv: the inbox as spreadsheets. */
import { peopleCsv, submissionsCsv } from "~/lib/server/inbox/csv.server";
import { requireSession } from "~/lib/server/inbox/guard.server";
import type { Route } from "./+types/export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSession(request, context);
  const people = new URL(request.url).pathname.endsWith("/people.csv");
  const csv = people ? await peopleCsv(context.inbox.db) : await submissionsCsv(context.inbox.db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${people ? "people" : "submissions"}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
