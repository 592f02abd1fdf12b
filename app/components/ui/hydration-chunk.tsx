import { type ReactNode, Suspense } from "react";

/**
 * A part of the page that React hydrates on its own.
 *
 * Hydrating a whole page ends in one commit that walks every element at once: on a mid-range
 * phone that is a 150–200 ms task, long enough to delay the visitor's first tap and to count as
 * blocking time. A Suspense boundary that completed on the server is hydrated as a separate
 * piece of work with its own commit, so a page cut into a few such chunks hydrates in several
 * short tasks instead of one long one. Nothing here ever suspends: the fallback is never shown,
 * on the server or in the browser. A tap on a chunk not hydrated yet makes React hydrate that
 * chunk first and then handle the tap (React's selective hydration), so no tap is lost.
 */
export function HydrationChunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
