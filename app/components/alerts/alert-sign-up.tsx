/**
 * "Save this search", "Watch this home" (issue 32) and the monthly home report (issue 43): one plain form posted to /alerts, so it works
 * without JavaScript and adds no client code of its own (the listing page's script budget has almost
 * no room): no hooks, no state, a native <details> disclosure. Everything that varies (the title,
 * what will be sent, the consent text, the hidden fields) comes from the server in the page's data
 * (app/lib/server/alerts/sign-up-form.server.ts), so neither the consent texts nor the criteria code ship
 * in the page's script. The consent box starts unticked (CASL: an opt-in the person takes) and the
 * server checks it, so a post without it comes back here with a message.
 */
import { Honeypot, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import {
  ALERT_FREQUENCY_LABELS,
  CHOSEN_FREQUENCIES,
  type AlertSignUpField,
  type AlertSignUpForm,
  fixedFrequency,
} from "~/lib/alert-values";
import { LIMITS } from "~/lib/schemas/limits";

interface AlertSignUpProps {
  form: AlertSignUpForm;
  /** What was typed, when /alerts shows the form again with its messages. */
  values?: Partial<Record<Exclude<AlertSignUpField, "consent">, string>>;
  errors?: Partial<Record<AlertSignUpField, string>>;
  open?: boolean;
  className?: string;
}

export function AlertSignUp({ form, values, errors, open, className = "" }: AlertSignUpProps) {
  const id = `alert-${form.kind}`;
  const frequency = values?.frequency ?? "daily";
  const message = (field: "frequency" | "consent") =>
    errors?.[field] && (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-danger">
        {errors[field]}
      </p>
    );
  return (
    <form
      method="post"
      action="/alerts"
      className={`relative max-w-2xl rounded-xl border border-line bg-surface p-5 shadow-sm ${className}`}
    >
      <details open={open}>
        <summary className="min-h-11 cursor-pointer py-2 text-xl font-bold text-ink">{form.title}</summary>
        <p className="mt-1 text-ink-muted">{form.about}</p>
        <div className="mt-4 space-y-4">
          {form.hidden.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <TextField
            id={`${id}-email`}
            name="email"
            type="email"
            label="E-mail"
            required
            autoComplete="email"
            maxLength={LIMITS.email}
            defaultValue={values?.email}
            error={errors?.email}
          />
          <TextField
            id={`${id}-name`}
            name="name"
            label="Name"
            autoComplete="name"
            maxLength={LIMITS.name}
            defaultValue={values?.name}
            error={errors?.name}
          />
          {fixedFrequency(form.kind) === null && (
            <fieldset aria-describedby={errors?.frequency ? `${id}-frequency-error` : undefined}>
              <legend className="text-sm font-bold text-ink">How often</legend>
              <div className="flex flex-wrap gap-x-6">
                {CHOSEN_FREQUENCIES.map((f) => (
                  <label key={f} className="flex min-h-11 items-center gap-2 text-ink">
                    <input type="radio" name="frequency" value={f} defaultChecked={f === frequency} className="size-5 accent-brand" />
                    {ALERT_FREQUENCY_LABELS[f]}
                  </label>
                ))}
              </div>
              {message("frequency")}
            </fieldset>
          )}
          <div>
            <label className="flex items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="consent"
                value="yes"
                className="mt-0.5 size-5 shrink-0 accent-brand"
                aria-invalid={errors?.consent ? true : undefined}
                aria-describedby={errors?.consent ? `${id}-consent-error` : undefined}
              />
              <span>{form.consent}</span>
            </label>
            {message("consent")}
          </div>
          <Honeypot idPrefix={id} />
          <Button type="submit" className="w-full sm:w-auto">
            {form.title}
          </Button>
        </div>
      </details>
    </form>
  );
}
