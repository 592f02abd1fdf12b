/**
 * What a public form's POST answers, with or without JavaScript (contact, welcome and alert
 * sign-up forms alike; answerFormPost makes it): the server's action returns it, the page renders it
 * (no JavaScript) or the fetcher hands it to the form (toasts, field messages), and a lost
 * connection becomes the form's failure text. `Again` is what a page needs to show its form again
 * (the alert sign-up's description); `title` names a refusal shown as a page of its own.
 * The inbox's and the alert links' actions answer it too: a success may say what was done
 * (`message`) and carry what it made to show once (`made`, the Account page's set-up link), and a
 * refusal may name the part of a page it belongs to (`section`, on the Account page).
 */
import type { FieldErrors } from "./schemas/fields";

export type FormResult<F extends string, Again = never, Section extends string = never, Made = never> =
  | { status: "success"; message?: string; made?: Made }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors<F>; values: Record<F, string>; form?: Again }
  | { status: "error"; message: string; values: Record<F, string> | null; title?: string; section?: Section };

/** A refusal with its text, for an action's answer (the page shows `message`; `values` are what goes back into its fields). */
export function formError<F extends string = never>(message: string, values: Record<F, string> | null = null): FormResult<F> {
  return { status: "error", message, values };
}

export const formSuccess: FormResult<never> = { status: "success" };

/** A success that says what was done (the page shows `message`). */
export function formDone(message: string): FormResult<never> {
  return { status: "success", message };
}

/** The texts of spec §8 one form shows (contactMessages, leadMessages). */
export interface FormMessages {
  successTitle: string;
  successDescription: string;
  errorTitle: string;
  /** The form's submit-failure text, also shown when the connection is lost. */
  failure: string;
}

/** The routes' clientAction: the server's answer, or the failure text when it could not be reached. */
export async function submitOrFail<F extends string>(
  serverAction: () => Promise<FormResult<F>>,
  messages: FormMessages,
): Promise<FormResult<F>> {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: messages.failure, values: null };
  }
}
