/**
 * The registry of the public forms that store a submission, the half the pages can read
 * (browser-safe: names and labels only). The server's half of each entry (schema, mail,
 * acknowledgement, CSV columns, the tables it writes) is app/lib/server/leads/forms.server.ts,
 * keyed the same way; every list about submissions derives from these two (docs/forms.md).
 */
import { CONTACT_SOURCE, LEAD_SOURCE, SHOWING_SOURCE } from "./schema-values";

/**
 * The outbox kinds that announce a submission to the agent, in the order the outbox's check
 * constraint lists them (a new kind is appended: the constraint changes in the next migration).
 */
export const SUBMISSION_KINDS = ["lead", "contact", "showing"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** What a submission of each kind records as its source (spec §7) and how the inbox names that source. */
export const SUBMISSION_SOURCES: Record<SubmissionKind, { source: string; label: string }> = {
  lead: { source: LEAD_SOURCE, label: "Welcome form" },
  contact: { source: CONTACT_SOURCE, label: "Contact form" },
  showing: { source: SHOWING_SOURCE, label: "Showing request" },
};

/**
 * The forms a visitor fills in, in the order the inbox's response times list them. A form is told
 * apart from another of its kind by an object in its payload (a listing page's inquiry carries
 * its `listing`): the first form of the kind whose `payloadObject` the payload has, else the one without.
 */
export const PUBLIC_FORMS = [
  { form: "contact", kind: "contact", label: "Contact form" },
  { form: "welcome", kind: "lead", label: "Welcome page" },
  { form: "listing", kind: "contact", label: "Listing inquiry", payloadObject: "listing" },
  { form: "valuation", kind: "contact", label: "Home valuation", payloadObject: "home" },
  { form: "showing", kind: "showing", label: "Book a showing" },
  { form: "openHouse", kind: "contact", label: "Open house RSVP", payloadObject: "openHouse" },
] as const satisfies readonly { form: string; kind: SubmissionKind; label: string; payloadObject?: string }[];

export type PublicForm = (typeof PUBLIC_FORMS)[number]["form"];

export const FORM_LABELS = Object.fromEntries(PUBLIC_FORMS.map((f) => [f.form, f.label])) as Record<PublicForm, string>;

/**
 * Which form a submission of this kind came from, by its payload: the first form of the kind whose
 * `payloadObject` the payload holds as an object, else the kind's form without one (the same rule
 * as the response times' SQL).
 */
export function formOfSubmission(kind: SubmissionKind, payload: object): PublicForm {
  const forms = PUBLIC_FORMS.filter((f) => f.kind === kind);
  const withObject = forms.find((f) => {
    if (!("payloadObject" in f)) return false;
    const value: unknown = (payload as Record<string, unknown>)[f.payloadObject];
    return value !== null && typeof value === "object" && !Array.isArray(value);
  });
  return (withObject ?? forms.find((f) => !("payloadObject" in f)) ?? forms[0]!).form;
}

/** The kind whose submissions record this source (spec §7), if any. */
export function kindOfSource(source: string): SubmissionKind | undefined {
  return SUBMISSION_KINDS.find((k) => SUBMISSION_SOURCES[k].source === source);
}

/** The sources a person can come from, for the inbox's filter. */
export const PERSON_SOURCES: readonly string[] = SUBMISSION_KINDS.map((k) => SUBMISSION_SOURCES[k].source);

/** What the inbox, the reminders and the summary call a form (spec §7's sources). */
export const SOURCE_LABELS: Record<string, string> = Object.fromEntries(
  SUBMISSION_KINDS.map((k) => [SUBMISSION_SOURCES[k].source, SUBMISSION_SOURCES[k].label]),
);

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/**
 * What the inbox's timeline calls one submission: the form its payload names (a listing inquiry, a
 * home valuation, an open house RSVP), else its source's label.
 */
export function submissionLabel(source: string, payload: Record<string, unknown>): string {
  const kind = kindOfSource(source);
  if (!kind) return sourceLabel(source);
  const form = PUBLIC_FORMS.find((f) => f.form === formOfSubmission(kind, payload));
  return form && "payloadObject" in form ? form.label : sourceLabel(source);
}

export function isSubmissionKind(kind: string): kind is SubmissionKind {
  return (SUBMISSION_KINDS as readonly string[]).includes(kind);
}
