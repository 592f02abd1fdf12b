/**
 * The inbox's cookies as a browser holds them, for tests that make a session or device token
 * themselves: the server writes them with React Router's createCookie (sessions.server.ts), whose
 * value is the base64 of the token's JSON; the tests that sign in through the routes prove the
 * server reads what this writes.
 */
import { createCookie } from "react-router";

/** The `name=value` a browser sends back for a cookie holding `token`. */
export function sentCookie(name: string, token: string): string {
  return `${name}=${encodeURIComponent(btoa(JSON.stringify(token)))}`;
}

/** The token a Set-Cookie line gives the cookie `name`, read as the server reads it; null when it sets none. */
export async function tokenIn(setCookies: string[], name: string): Promise<string | null> {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  return line ? ((await createCookie(name).parse(line)) as string) : null;
}
