import { Suspense, lazy } from "react";

// Loaded when a page turns out not to be found, not with every page: eleven routes can answer 404,
// and what ten routes import joins the shell every page loads (decision 061). The server waits for
// it (app/entry.server.tsx renders on onAllReady), so the HTML holds the whole page.
const NotFoundPage = lazy(() => import("./not-found-page").then((m) => ({ default: m.NotFoundPage })));

/** The not-found page of spec §2. */
export function NotFoundContent() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
