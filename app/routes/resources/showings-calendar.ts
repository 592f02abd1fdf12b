import type { Route } from "./+types/showings-calendar";
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { allShowingsForFeed } from "~/lib/server/showings/feed.server";
import { isFeedToken, readShowingSettings } from "~/lib/server/showings/settings.server";
import { calendarShowingOf } from "~/lib/server/showings/manage.server";
import { showingsFeedIcs } from "~/lib/server/showings/ics.server";
import { serverOf } from "~/router-context";

/**
 * /calendar/showings/{token}.ics: the agent's private calendar subscription (webcal://, issue 44),
 * every showing as text/calendar. The token is the only key (calendar apps send no cookie); a new
 * one on the Account page revokes the old, which then answers 404 like any wrong token.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = serverOf(context).leads.db;
  const token = /^([A-Za-z0-9_-]{16,64})\.ics$/.exec(params.file ?? "")?.[1];
  const settings = await readShowingSettings(db);
  if (!token || !isFeedToken(settings, token))
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private },
    });
  const list = await allShowingsForFeed(db);
  return new Response(showingsFeedIcs(list.map(calendarShowingOf)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": CACHE_CONTROL.private,
      "Content-Disposition": 'inline; filename="showings.ics"',
      "X-Robots-Tag": "noindex",
    },
  });
}
