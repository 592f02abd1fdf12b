/** POST /inbox/sign-out: ends this browser's session. (GET only redirects: signing out is an action.) */
import { redirect } from "react-router";
import { clearedSessionCookie, endSession, sessionTokenFrom } from "~/lib/server/inbox/sessions.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/sign-out";

export function loader() {
  throw redirect("/inbox");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = serverOf(context).inbox;
  const token = await sessionTokenFrom(request, secureCookies);
  if (token) await endSession(db, token);
  throw redirect("/inbox/sign-in?signed-out", { headers: { "Set-Cookie": await clearedSessionCookie(secureCookies) } });
}
