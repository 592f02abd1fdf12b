/**
 * The agent's own calendar's private iCal address (issue 44): which addresses may be saved, and the
 * fetch. Like the listing photos and the push endpoints, it is a URL someone typed: the server
 * reads it only over https on port 443 from hosts whose every address is public
 * (platform/net/public-address.ts), checked when it is saved and again on every connection by the
 * lookup (DNS can change in between). `webcal://` (what calendar apps share) is read as https. The
 * one exception is an `address:port` a test listed in TEST_ONLY's calendarLocalHosts (its
 * stand-in), reached over http too. No redirect is followed (its target would be unchecked).
 */
import http from "node:http";
import https from "node:https";
import type { MediaHost } from "../../../../platform/config";
import {
  type PublicHttpsProblem,
  type Resolve,
  checkedLookup,
  isListedHost,
  publicHttpsProblem,
  systemResolve,
} from "../../../../platform/net/public-address";

export interface CalendarRules {
  localHosts: readonly MediaHost[];
  resolve?: Resolve;
}

export const MAX_CALENDAR_URL_LENGTH = 2000;
/** A year of a busy agent's calendar is a few hundred kilobytes. */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

const PROBLEMS: Record<PublicHttpsProblem, string> = {
  "not https": "Calendar addresses must use https (or webcal://).",
  "not port 443": "Calendar addresses must use the standard https port (443).",
  "not found": "The calendar's address could not be found.",
  "not public": "That calendar address points inside a private network; use the address your calendar service shares.",
};

/** The address as the server reads it (webcal:// as https://), or null when it is no URL. */
export function calendarUrlOf(text: string): URL | null {
  try {
    const url = new URL(text.trim().replace(/^webcals?:\/\//i, "https://"));
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

/** Why the address is refused (a sentence for the agent), or null when it may be saved. */
export async function calendarUrlProblem(text: string, rules: CalendarRules): Promise<string | null> {
  const url = calendarUrlOf(text);
  if (!url || text.length > MAX_CALENDAR_URL_LENGTH) return "That is not a calendar address (it should start with https:// or webcal://).";
  if (isListedHost(url, rules.localHosts)) return null;
  const problem = await publicHttpsProblem(url, rules.resolve);
  return problem && PROBLEMS[problem];
}

/** The calendar's text; throws with a short reason (no address check passed, a status, too large, a timeout). */
export async function fetchCalendar(text: string, rules: CalendarRules, signal?: AbortSignal): Promise<string> {
  const url = calendarUrlOf(text);
  if (!url) throw new Error("not a calendar address");
  const local = isListedHost(url, rules.localHosts);
  if (!local && (url.protocol !== "https:" || url.port !== "")) throw new Error("only https on port 443 is read");
  const lookup = checkedLookup(rules.resolve ?? systemResolve);
  const client = url.protocol === "http:" ? http : https;
  return new Promise<string>((resolve, reject) => {
    const request = client.get(
      url,
      { ...(local ? {} : { lookup }), signal, timeout: TIMEOUT_MS, headers: { accept: "text/calendar, */*;q=0.5" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`the calendar answered ${response.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_CALENDAR_BYTES) {
            request.destroy(new Error("the calendar is larger than 5 MB"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("the calendar did not answer in time")));
    request.on("error", reject);
  });
}
