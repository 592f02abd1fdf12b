/**
 * The inbox's frame: its own small header (no public navigation), the signed-in person and
 * sign-out. The public header, breadcrumbs and footer are left out by root.tsx for /inbox.
 */
import { Form, Link, NavLink, Outlet, data } from "react-router";
import { site } from "~/content/site";
import { currentSession, inboxGuard } from "~/lib/server/inbox/guard.server";
import { serverOf } from "~/router-context";
import { sessionCookie } from "~/lib/server/inbox/sessions.server";
import type { Route } from "./+types/layout";

/** Every inbox request, whatever the spelling of its path: the same-origin rule, the session, private headers. */
export const middleware: Route.MiddlewareFunction[] = [inboxGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const session = currentSession(context);
  if (!session) return { account: null };
  // The expiry slides on the server at every visit; the cookie's follows it here.
  return data(
    { account: { name: session.account.name } },
    { headers: { "Set-Cookie": await sessionCookie(session.token, session.expiresAt, serverOf(context).inbox.secureCookies) } },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  // Cache-Control, X-Robots-Tag and the policy come from the guard, once; cookies from the loader and action.
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The inbox as an app, on its pages only: its manifest and Home Screen icon (no public page links
 * them, so no public page offers to install it). The theme-color is every page's (root.tsx).
 */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/inbox/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/inbox-180.png", sizes: "180x180" },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 font-bold ${isActive ? "bg-brand-soft text-ink" : "text-brand underline-offset-2 hover:underline"}`;

export default function InboxLayout({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  return (
    <div className="min-h-screen bg-surface text-ink">
      {/* React 19 moves these into <head>; a meta export here would be replaced by each child route's. Safari reads them when the inbox is added to the Home Screen. */}
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="Inbox" />
      <header className="border-b border-line bg-surface-muted">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/inbox" className="text-lg font-bold text-ink">
            {site.agent.name} · Inbox
          </Link>
          {account && (
            <nav aria-label="Inbox" className="flex items-center gap-2 text-sm">
              <NavLink to="/inbox" end className={navClass}>
                People
              </NavLink>
              <NavLink to="/inbox/showings" className={navClass}>
                Showings
              </NavLink>
              <NavLink to="/inbox/account" className={navClass}>
                Account
              </NavLink>
            </nav>
          )}
          {account && (
            <Form method="post" action="/inbox/sign-out" className="ml-auto flex items-center gap-2 text-sm">
              <span className="text-ink-muted">{account.name}</span>
              <button type="submit" className="min-h-11 rounded px-2 font-bold text-brand underline">
                Sign out
              </button>
            </Form>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-5 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
