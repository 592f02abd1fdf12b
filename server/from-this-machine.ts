import type { IncomingMessage } from "node:http";

/** Headers a reverse proxy adds when it relays a visitor's request. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * Was this request made on the server's own machine, not relayed for a visitor? True only when
 * the connection comes from a loopback address and carries none of the headers a proxy adds: a
 * proxy on the same machine connects from loopback too, so the peer address alone proves nothing.
 * Used to keep the agent's figures (the notification counts of /healthz) from the public.
 */
export function isFromThisMachine(req: Pick<IncomingMessage, "headers" | "socket">): boolean {
  const peer = req.socket.remoteAddress ?? "";
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  return loopback && !FORWARDING_HEADERS.some((name) => name in req.headers);
}
