/**
 * A size limit for POST bodies, checked before the body is read. The forms send a few hundred
 * bytes; a browser always sends Content-Length for them, so a body without one (chunked) is refused.
 */
import type { RequestHandler } from "express";

export function formBodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" && req.method !== "PUT" && req.method !== "PATCH") return next();
    const header = req.headers["content-length"];
    if (header === undefined) {
      if (req.headers["transfer-encoding"]) {
        res.status(411).type("text/plain").send("Length Required");
        return;
      }
      return next();
    }
    const length = Number(header);
    if (!Number.isFinite(length) || length > maxBytes) {
      res.status(413).set("Connection", "close").type("text/plain").send("Payload Too Large");
      return;
    }
    next();
  };
}
