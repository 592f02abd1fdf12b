import { Form } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { WEEKDAYS } from "~/lib/dates";
import { InboxSection, RULED } from "./inbox-ui";

export interface ShowingsSectionData {
  numbers: { lengthMinutes: number; bufferMinutes: number; aheadDays: number; noticeMinutes: number };
  hours: Record<string, string>;
  timeOff: string;
  /** https://… of the subscription; the page shows it as webcal:// too. Null: none made (or revoked). */
  feedUrl: string | null;
  /** The agent's own calendar's private iCal address, or "". */
  calendarUrl: string;
}

/** The availability's numbers: each box's id, name and label. */
const NUMBER_FIELDS = [
  ["length-minutes", "lengthMinutes", "Showing length (minutes)"],
  ["buffer-minutes", "bufferMinutes", "Buffer between (minutes)"],
  ["ahead-days", "aheadDays", "How far ahead (days)"],
  ["notice-minutes", "noticeMinutes", "Shortest notice (minutes)"],
] as const;

/**
 * The Account page's showings (issue 44): when buyers may book, and the private calendar address
 * that puts every showing in the agent's own calendar app.
 */
export function ShowingsSection({ data, notice }: { data: ShowingsSectionData; notice: React.ReactNode }) {
  const webcal = data.feedUrl?.replace(/^https?:/, "webcal:") ?? null;
  return (
    <InboxSection name="showings" title="Showings" className={RULED} large anchor="showings">
      <p className="mt-2 text-ink-muted">When buyers may book a showing from a listing page, in Edmonton time.</p>
      {notice}
      <Form method="post" className="mt-3 max-w-xl space-y-4" data-testid="availability-form">
        <input type="hidden" name="intent" value="showing-availability" />
        <div className="grid grid-cols-2 gap-4">
          {NUMBER_FIELDS.map(([id, name, label]) => (
            <TextField key={name} id={id} name={name} label={label} inputMode="numeric" required defaultValue={data.numbers[name]} />
          ))}
        </div>
        <fieldset className="space-y-2">
          <legend className="font-bold">Weekly hours (like 09:00-12:00, 13:00-17:00; empty: none)</legend>
          {WEEKDAYS.map((day) => (
            <TextField key={day} id={`hours-${day}`} name={`hours-${day}`} label={day} defaultValue={data.hours[day]} />
          ))}
        </fieldset>
        <TextAreaField
          id="time-off"
          name="timeOff"
          label="Time off (one per line: 2026-12-24, or 2026-12-24 to 2026-12-26)"
          rows={3}
          defaultValue={data.timeOff}
        />
        <Button type="submit" variant="secondary">
          Save availability
        </Button>
      </Form>
      <Form method="post" className="mt-6 max-w-xl space-y-3">
        <input type="hidden" name="intent" value="showing-calendar" />
        <TextField
          id="calendar-url"
          name="calendarUrl"
          type="url"
          label="Your own calendar's private iCal address"
          hint="Google, Apple and Outlook each give one (https:// or webcal://). Its busy times are never offered. Empty: not read."
          defaultValue={data.calendarUrl}
          maxLength={2000}
        />
        <Button type="submit" variant="secondary">
          Save calendar address
        </Button>
      </Form>
      <h3 className="mt-6 font-bold">Your calendar</h3>
      <p className="mt-1 text-ink-muted">
        Subscribe to this private address in your calendar app to see every showing. Anyone with it can read them: make a new one if it was
        shared.
      </p>
      {webcal ? (
        <p className="mt-2 break-all font-mono text-sm" data-testid="showings-feed-url">
          <a href={webcal} className="text-brand underline">
            {webcal}
          </a>
        </p>
      ) : (
        <p className="mt-2">No calendar address yet.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="showing-feed-renew" />
          <Button type="submit" variant="secondary">
            {webcal ? "Make a new address" : "Make a calendar address"}
          </Button>
        </Form>
        {webcal && (
          <Form method="post">
            <input type="hidden" name="intent" value="showing-feed-revoke" />
            <Button type="submit" variant="ghost">
              Stop the address
            </Button>
          </Form>
        )}
      </div>
    </InboxSection>
  );
}
