/**
 * The inbox as a client reaches it: requests sent with node:http (the path goes out exactly as
 * written, `/%69nbox` and `/INBOX` included, and every header line comes back as sent, so a
 * duplicate shows), the first account made through the set-up link the server prints, sign-ins,
 * set-up links made on the Account page.
 */
import { Agent, request as httpRequest } from "node:http";
import type { SiteProcess } from "./site";
import { eventually } from "./site";

/** A password the set-up form accepts (at least 12 characters, not a common one). */
export const GOOD_PASSWORD = "correct horse battery staple";

export interface Answer {
  status: number;
  /** Header lines as received, names lower-cased, in order (duplicates kept). */
  headerLines: [string, string][];
  body: string;
  /** The last value of a header, or null. */
  header(name: string): string | null;
  /** How many times a header was sent. */
  count(name: string): number;
  /** The value a Set-Cookie of this answer gives `name`, or null when it sets none. */
  cookie(name: string): string | null;
}

export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string | undefined>;
  body?: string | Buffer;
  timeoutMs?: number;
}

// Bounded: at most this many connections to a server at once; idle ones are kept for the next request.
const agent = new Agent({ keepAlive: true, maxSockets: 128 });

/** Closes the kept connections (afterAll). */
export function closeConnections(): void {
  agent.destroy();
}

/** Sends one request to `origin` (http://host:port); the path is not normalised or re-encoded. */
export function send(origin: string, { method = "GET", path, headers = {}, body, timeoutMs = 30_000 }: Sent): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const outgoing: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) outgoing[k] = v;
  if (payload) outgoing["content-length"] = String(payload.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port: Number(port), method, path, headers: outgoing, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const headerLines: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headerLines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve(answerOf(res.statusCode ?? 0, headerLines, Buffer.concat(chunks).toString("utf8")));
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(payload);
  });
}

export function answerOf(status: number, headerLines: [string, string][], body: string): Answer {
  const values = (name: string) => headerLines.filter(([n]) => n === name.toLowerCase()).map(([, v]) => v);
  return {
    status,
    headerLines,
    body,
    header: (name) => values(name).at(-1) ?? null,
    count: (name) => values(name).length,
    cookie(name) {
      for (const line of values("set-cookie")) {
        const [pair = ""] = line.split(";");
        const eq = pair.indexOf("=");
        if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
      }
      return null;
    },
  };
}

/** Names of the headers an answer sent more than once (Set-Cookie aside, which may repeat). */
export function repeatedHeaders(answer: Answer): string[] {
  const seen = new Map<string, number>();
  for (const [name] of answer.headerLines) seen.set(name, (seen.get(name) ?? 0) + 1);
  return [...seen].filter(([name, n]) => n > 1 && name !== "set-cookie").map(([name, n]) => `${name} x${n}`);
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Browser-like headers of a form post from the site's own pages (or from `origin: null`: none at all). */
export function formHeaders(origin: string | null, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}), ...extra };
}

export function cookieHeader(cookies: { session?: string | null; device?: string | null }): string | undefined {
  const parts = [cookies.session ? `inbox_session=${cookies.session}` : "", cookies.device ? `inbox_device=${cookies.device}` : ""].filter(
    Boolean,
  );
  return parts.length ? parts.join("; ") : undefined;
}

/** The path of the set-up link the server printed at start-up (no account yet). */
export async function printedSetupPath(site: SiteProcess, timeoutMs = 10_000): Promise<string> {
  const find = () => /\/inbox\/setup\/([A-Za-z0-9_-]+)/.exec(site.output())?.[0] ?? null;
  if (!(await eventually(() => find() !== null, timeoutMs))) throw new Error(`no set-up link in the server's output:\n${site.output()}`);
  return find()!;
}

export interface Browser {
  email: string;
  /** inbox_session */
  session: string;
  /** inbox_device: this browser has signed in to the account before. */
  device: string;
}

/** Creates an account through a set-up link, as the set-up page's form does; the browser keeps both cookies. */
export async function createAccount(
  site: SiteProcess,
  setupPath: string,
  email: string,
  options: { name?: string; address?: string } = {},
): Promise<Browser> {
  const res = await send(site.origin, {
    method: "POST",
    path: setupPath,
    headers: formHeaders(site.origin, { "x-forwarded-for": options.address }),
    body: formBody({ name: options.name ?? "Fault Agent", email, password: GOOD_PASSWORD }),
  });
  const session = res.cookie("inbox_session");
  const device = res.cookie("inbox_device");
  if (res.status !== 302 || !session || !device)
    throw new Error(`set-up of ${email} answered ${res.status} ${res.body.slice(0, 300)}\n${res.headerLines.join("\n")}`);
  return { email, session, device };
}

/** A set-up link for `email`, made on the Account page by a signed-in browser (its path). */
export async function inviteFrom(site: SiteProcess, by: Browser, email: string): Promise<string> {
  const res = await send(site.origin, {
    method: "POST",
    path: "/inbox/account.data",
    headers: formHeaders(site.origin, { cookie: cookieHeader(by) }),
    body: formBody({ intent: "invite", email }),
  });
  const path = /\/inbox\/setup\/[A-Za-z0-9_-]+/.exec(res.body)?.[0];
  if (res.status !== 200 || !path) throw new Error(`invite for ${email} answered ${res.status} ${res.body.slice(0, 300)}`);
  return path;
}

/** A sign-in with e-mail and password through the page's fetcher endpoint (/inbox/sign-in.data). */
export function signIn(
  site: SiteProcess,
  input: { email: string; password: string; address?: string; device?: string | null; userAgent?: string; origin?: string | null },
): Promise<Answer> {
  return send(site.origin, {
    method: "POST",
    path: "/inbox/sign-in.data",
    headers: formHeaders(input.origin === undefined ? site.origin : input.origin, {
      "x-forwarded-for": input.address,
      cookie: cookieHeader({ device: input.device }),
      "user-agent": input.userAgent,
    }),
    body: formBody({ email: input.email, password: input.password }),
  });
}

/** A signed-in answer: a redirect (302, or 202 for a .data request) that sets a session cookie. */
export function signedIn(answer: Answer): boolean {
  return (answer.status === 302 || answer.status === 202) && Boolean(answer.cookie("inbox_session"));
}

/** Runs `task` for each of `items`, at most `concurrency` at a time; the results in order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}

/** Lines of a stack trace ("    at …") in a piece of server output. */
export function stackLines(output: string): string[] {
  return output.split("\n").filter((line) => /^\s{4}at /.test(line));
}
