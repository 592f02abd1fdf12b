/**
 * The shape of the agent's response times (app/lib/server/inbox/response-times.server.ts computes
 * them, the inbox list shows them): here, apart from the query, so the component that shows them
 * imports nothing of the server.
 */

import { PUBLIC_FORMS, type PublicForm } from "./forms";

/** The forms told apart, as the forms' registry lists them (a listing page's inquiry is a contact message with a listing in its payload). */
export const RESPONSE_FORMS: readonly PublicForm[] = PUBLIC_FORMS.map((f) => f.form);
export type ResponseForm = PublicForm;

export const RESPONSE_WINDOW_DAYS = 30;

export interface ResponseStat {
  /** Null on the row over all forms. */
  form: ResponseForm | null;
  replies: number;
  waiting: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
}

export interface ResponseTimes {
  /** The window: the submissions of this many days before now. */
  days: number;
  overall: ResponseStat;
  /** The forms that had submissions in the window, in RESPONSE_FORMS order. */
  forms: (ResponseStat & { form: ResponseForm })[];
}
