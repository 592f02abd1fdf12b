import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches, useNavigate } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { BackRow } from "./components/layout/back-button";
import { Breadcrumbs } from "./components/layout/breadcrumbs";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { NotFoundContent } from "./components/not-found-content";
import { ToasterHost } from "./components/toaster-host";
import { HydrationChunk } from "./components/ui/hydration-chunk";
import { pageByPath } from "./content/page-index";
import { site } from "./content/site";
import { useNonce } from "./lib/nonce";
import { markHydrated, takeHeldTap } from "./lib/html/deferred-hydration-contract";
import { bareLocation } from "./lib/query-string";
import { requestGuard } from "./lib/server/http/request-guard.server";
import { sharedCache } from "./lib/server/http/shared-cache.server";

/**
 * Every request: its Cache-Control by kind of page, the public ones rendered to be shared
 * (app/lib/server/http/shared-cache.server.ts); unreadable URLs refused, one Content-Security-Policy
 * (app/lib/server/http/request-guard.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [sharedCache, requestGuard];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: `${site.agent.name} blog`, href: "/blog/rss.xml" },
];

const INBOX_LAYOUT_ROUTE_ID = "routes/inbox/layout";

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const footer = pageByPath(pathname)?.footer ?? "brokerage";
  // The agent's inbox has its own frame (routes/inbox/layout.tsx) and none of the public site's:
  // told by the matched route, not the path's spelling (/INBOX/account is the same page).
  const inbox = useMatches().some((m) => m.id === INBOX_LAYOUT_ROUTE_ID);
  const nonce = useNonce();
  return (
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0b1220" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
        {/* No first paint of a half-parsed page: on a busy phone the parser may yield mid-header,
            and what it painted then moves when the rest arrives (a layout shift). Painting waits
            until <main> has been parsed, which in one in-memory response is a few milliseconds. */}
        <link rel="expect" href="#main" {...{ blocking: "render" }} />
      </head>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-3"
        >
          Skip to content
        </a>
        {inbox ? (
          children
        ) : (
          <>
            <HydrationChunk>
              <Header />
              <Breadcrumbs />
            </HydrationChunk>
            <main id="main" tabIndex={-1} className="outline-none">
              <HydrationChunk>{children}</HydrationChunk>
            </main>
            <HydrationChunk>
              <Footer variant={footer} />
            </HydrationChunk>
          </>
        )}
        <ToasterHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Enforces the query-string rule of spec §2 once scripts run. */
function useQueryStringRule() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = bareLocation(location.pathname, location.search, location.hash);
    if (target) navigate(target, { replace: true, preventScrollReset: true });
  }, [location.pathname, location.search, location.hash, navigate]);
}

/**
 * Marks the document once React has hydrated, so tests and styles can tell, and carries out a
 * button tap the deferred-hydration loader held because it came before React was ready.
 */
function useHydratedFlag() {
  useEffect(() => {
    markHydrated();
    const held = takeHeldTap();
    if (held?.isConnected) held.click();
  }, []);
}

export default function App() {
  useQueryStringRule();
  useHydratedFlag();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent />;
  }

  let status = 500;
  let text = "Internal Server Error";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    text = error.statusText || (typeof error.data === "string" ? error.data : text);
  } else if (import.meta.env.DEV && error instanceof Error) {
    // Stack traces are for developers only; visitors see the status and its text.
    text = error.message;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-xl">
        <span className="font-bold">{status}</span> {text}
      </p>
      <p className="mt-4 text-ink-muted">Please try again, or call {site.agent.phone} and we will help you directly.</p>
      <BackRow className="mt-6" />
    </div>
  );
}
