/**
 * The session check every inbox loader and action starts with. Without a valid session a page
 * sends the visitor to sign-in (and back afterwards, to an inbox path only), while data and
 * actions answer 401: nothing of a lead ever leaves without one.
 */
import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { type Session, resumeSession, sessionTokenFrom } from "./sessions.server";

export async function currentSession(request: Request, context: AppLoadContext): Promise<Session | null> {
  const token = sessionTokenFrom(request);
  return token ? resumeSession(context.inbox.db, token) : null;
}

/** For a page's loader: the session, or a redirect to sign-in that returns here. */
export async function requirePageSession(request: Request, context: AppLoadContext): Promise<Session> {
  const session = await currentSession(request, context);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/inbox/sign-in?next=${encodeURIComponent(url.pathname.replace(/\.data$/, "") + url.search)}`);
}

/** For an action or a data/resource route: the session, or 401. */
export async function requireSession(request: Request, context: AppLoadContext): Promise<Session> {
  const session = await currentSession(request, context);
  if (session) return session;
  throw data({ message: "Sign in to the inbox first." }, { status: 401, headers: { "Cache-Control": "no-store" } });
}
