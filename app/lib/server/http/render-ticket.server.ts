/**
 * What a shareable render is handed to when it is finished (issue 29, decision 040): the server's
 * render cache makes one per request (server/render-cache.ts) and puts it in the router context;
 * the root route's middleware (shared-cache.server.ts) gives it the answer. The domain names the
 * contract, the server fulfils it.
 */
/** One request's view of the cache: where its answer would be kept, and under which generation. */
export interface RenderTicket {
  /**
   * The answer of a shareable render: when it is HTML, the inline scripts the site wrote in it
   * allowed by their hashes (`ownScripts`, from the render: app/lib/server/html/own-scripts.server.ts;
   * none when absent), never by what the finished page holds; its ETag and coding set, a 304
   * when the client already holds it; kept when it is a 200 to a GET.
   */
  finish(request: Request, response: Response, options: { keep: boolean; ownScripts: readonly string[] | null }): Promise<Response>;
}
