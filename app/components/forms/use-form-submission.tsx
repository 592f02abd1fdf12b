/**
 * What both public forms do around a submission, in one place: check in the browser with the
 * server's schema, show the result (a toast with JavaScript, a notice on the page without), put
 * back what was typed after an error, and move focus to the first field that needs fixing.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { useFetcher } from "react-router";
import type { FormMessages, FormResult } from "~/lib/form-result";
import type { FieldErrors, FormParse } from "~/lib/schemas/fields";
import { toast } from "~/lib/toast";
import { FormNotice } from "./fields";

type Parse<F extends string> = (form: FormData) => FormParse<F, unknown>;

type Options<F extends string> = {
  fetcher: ReturnType<typeof useFetcher<FormResult<F>>>;
  /** The result rendered with the page: a submission made without JavaScript. */
  documentResult: FormResult<F> | null;
  messages: FormMessages;
  onSuccess?: () => void;
  /**
   * The server's check of the fields, run in the browser before sending, as a module-level
   * function that imports it (app/lib/schemas/load-checks.ts): it is fetched when the visitor
   * first focuses the form, not with the page.
   */
  loadParse: () => Promise<Parse<F>>;
};

export function useFormSubmission<F extends string>({ fetcher, documentResult, messages, loadParse, onSuccess }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<F>>({});
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? documentResult;
  const fieldErrors: FieldErrors<F> = { ...(result?.status === "invalid" ? result.fieldErrors : {}), ...clientErrors };
  // Without JavaScript the page comes back with what was typed; with it the fields never lost it.
  const values = documentResult && documentResult.status !== "success" ? documentResult.values : null;
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const check = useRef<Parse<F> | undefined>(undefined);
  const holding = useRef(false);

  const focusFirstInvalid = () => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();

  // A lazily loaded check starts loading as soon as the visitor starts on the form.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // A failed load is retried on submit.
    const preload = () =>
      void loadParse().then(
        (loaded) => (check.current = loaded),
        () => {},
      );
    form.addEventListener("focusin", preload, { once: true });
    return () => form.removeEventListener("focusin", preload);
  }, [loadParse]);

  // A page that came back with field errors: focus the first as soon as the page is interactive.
  useEffect(() => {
    if (documentResult?.status === "invalid") focusFirstInvalid();
  }, [documentResult]);

  // Only an answer to a submission made from this form, not one a fetcher kept from before it
  // was shown (the welcome dialog opens a new form on the same fetcher).
  const submitted = useRef(false);
  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== "idle") {
      submitted.current = true;
      return;
    }
    if (!submitted.current || !outcome) return;
    submitted.current = false;
    if (outcome.status === "success") {
      toast.success(messages.successTitle, { description: messages.successDescription });
      formRef.current?.reset();
      onSuccessRef.current?.();
    } else if (outcome.status === "error") {
      toast.error(messages.errorTitle, { description: outcome.message });
    } else {
      focusFirstInvalid();
    }
  }, [fetcher.state, fetcher.data, messages]);

  /** Shows the check's messages; true when the fields may be sent. */
  function passes(parseFields: Parse<F>, form: HTMLFormElement): boolean {
    const parsed = parseFields(new FormData(form));
    setClientErrors(parsed.ok ? {} : parsed.fieldErrors);
    // The messages render with the next commit; focus follows it.
    if (!parsed.ok) requestAnimationFrame(focusFirstInvalid);
    return parsed.ok;
  }

  function validateInBrowser(event: FormEvent<HTMLFormElement>) {
    if (check.current) {
      if (!passes(check.current, event.currentTarget)) event.preventDefault();
      return;
    }
    // Sent before the check has arrived (the form was never focused): hold the
    // submission until it has, then send it as <fetcher.Form> would have.
    event.preventDefault();
    if (holding.current) return;
    holding.current = true;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void loadParse()
      .then(
        (loaded) => {
          check.current = loaded;
          return passes(loaded, form);
        },
        // The check could not be fetched: send anyway, the server runs the same one.
        () => true,
      )
      .then((send) => {
        holding.current = false;
        if (send) void fetcher.submit(submitter ?? form, { method: "post" });
      });
  }

  return { formRef, busy, fieldErrors, values, validateInBrowser };
}

/** The result of a submission made without JavaScript, as a notice on the page (with it, a toast says the same). */
export function FormResultNotice<F extends string>({ result, messages }: { result: FormResult<F> | null; messages: FormMessages }) {
  if (!result) return null;
  if (result.status === "success") {
    return (
      <FormNotice tone="success" title={messages.successTitle}>
        {messages.successDescription}
      </FormNotice>
    );
  }
  return (
    <FormNotice tone="error" title={messages.errorTitle}>
      {result.message}
    </FormNotice>
  );
}
