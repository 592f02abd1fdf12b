/**
 * What a public form's POST answers, with or without JavaScript (contact and welcome forms alike):
 * the server's action returns it, the page renders it (no JavaScript) or the fetcher hands it to
 * the form (toasts, field messages), and a lost connection becomes the form's failure text.
 */
import type { FieldErrors } from "./schemas/fields";

export type FormResult<F extends string> =
  | { status: "success" }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors<F>; values: Record<F, string> }
  | { status: "error"; message: string; values: Record<F, string> | null };

/** The texts of spec §8 one form shows (contactMessages, leadMessages). */
export interface FormMessages {
  successTitle: string;
  successDescription: string;
  errorTitle: string;
  /** The form's submit-failure text, also shown when the connection is lost. */
  failure: string;
}

/** The routes' clientAction: the server's answer, or the failure text when it could not be reached. */
export async function submitOrFail<F extends string>(serverAction: () => Promise<FormResult<F>>, messages: FormMessages): Promise<FormResult<F>> {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: messages.failure, values: null };
  }
}
