/**
 * The Account page's showing forms (issue 44): the availability, the calendar subscription's
 * address (a new one revokes the old; or none), parsed with the page's other intents (one
 * discriminated union, app/routes/inbox/account.tsx) and answered here.
 */
import * as z from "zod/mini";
import { readAvailabilityForm } from "~/lib/availability-form";
import { WEEKDAYS } from "~/lib/dates";
import { formText } from "../../schemas/fields";
import type { Database } from "../../../../platform/db/database";
import { type CalendarRules, MAX_CALENDAR_URL_LENGTH, calendarUrlProblem } from "./calendar-fetch.server";
import { renewFeedToken, revokeFeedToken, saveAvailability, saveCalendarUrl } from "./settings.server";

export const showingForms = [
  z.object({
    intent: z.literal("showing-availability"),
    lengthMinutes: formText(10),
    bufferMinutes: formText(10),
    aheadDays: formText(10),
    noticeMinutes: formText(10),
    timeOff: formText(5000),
    ...Object.fromEntries(WEEKDAYS.map((d) => [`hours-${d}`, formText(200)])),
  }),
  z.object({ intent: z.literal("showing-feed-renew") }),
  z.object({ intent: z.literal("showing-feed-revoke") }),
  z.object({ intent: z.literal("showing-calendar"), calendarUrl: formText(MAX_CALENDAR_URL_LENGTH + 1) }),
] as const;

export type ShowingForm = z.infer<(typeof showingForms)[number]>;
export type ShowingAnswer = { status: number } & ({ done: string } | { error: string });

export async function answerShowingForm(
  form: ShowingForm,
  db: Database,
  calendar: { rules: CalendarRules; saved(): void } = { rules: { localHosts: [] }, saved: () => {} },
): Promise<ShowingAnswer> {
  switch (form.intent) {
    case "showing-availability": {
      const read = readAvailabilityForm(form as unknown as Record<string, string>);
      if (!read.ok) return { status: 400, error: read.message };
      await saveAvailability(db, read.availability);
      return { status: 200, done: "Your availability for showings was saved." };
    }
    case "showing-feed-renew":
      await renewFeedToken(db);
      return { status: 200, done: "A new calendar address was made; the old one no longer works." };
    case "showing-feed-revoke":
      await revokeFeedToken(db);
      return { status: 200, done: "The calendar address no longer works." };
    case "showing-calendar": {
      const url = form.calendarUrl.trim();
      if (!url) {
        await saveCalendarUrl(db, null);
        return { status: 200, done: "Your own calendar is no longer read." };
      }
      const problem = await calendarUrlProblem(url, calendar.rules);
      if (problem) return { status: 400, error: problem };
      await saveCalendarUrl(db, url);
      calendar.saved();
      return { status: 200, done: "Your calendar's address was saved: its busy times are read every few minutes." };
    }
  }
}
