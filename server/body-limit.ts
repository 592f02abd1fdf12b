/**
 * A size limit for POST bodies, checked before the body is read. The forms send a few hundred
 * bytes; a browser always sends Content-Length for them, so a body without one (chunked) is refused.
 */
import type { RequestHandler } from "express";

/**
 * The largest form body: a constant, not configuration (decision 052). The longest form the site
 * has, every field at its length limit (app/lib/schemas/limits.ts), is a few kilobytes; 32 KB
 * leaves room for any of them and refuses what no form of the site sends.
 */
export const FORM_BODY_LIMIT_BYTES = 32 * 1024;

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
