import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";

/**
 * Renders `element` once to a stream and waits for everything in it, so the parts it loads on
 * demand (components/ui/lazy-part.tsx) have loaded: React then knows their promises as settled,
 * and a later renderToString of the same tree renders them whole, as the server's streamed render does.
 */
export async function loadLazyParts(element: ReactNode): Promise<void> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  await new Response(stream).text();
}
