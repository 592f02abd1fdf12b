/**
 * Last-resort Express error handler: requests that fail before React Router sees them (a
 * malformed percent-encoding, a body too large...) get a short branded page with the right
 * status, never a stack trace.
 */
import type { ErrorRequestHandler } from "express";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const errorPage: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode) || 500;
  if (status >= 500) console.error(error);
  const title =
    status === 400 ? "Bad Request" : status === 413 ? "Request Too Large" : status === 404 ? "Not Found" : "Unexpected Application Error!";
  res
    .status(status)
    .type("html")
    .set("Cache-Control", CACHE_CONTROL.private)
    .send(
      `<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6"><h1>${escapeHtml(title)}</h1><p>${status} — that address could not be read. Please check the link or start again from the <a href="/">home page</a>.</p></body></html>`,
    );
};
