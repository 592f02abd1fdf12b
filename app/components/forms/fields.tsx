import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import { HONEYPOT_FIELD } from "~/lib/schemas/limits";

const inputClass =
  "mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2.5 text-base text-ink placeholder:text-ink-muted focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-danger";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

function FieldShell({ id, label, error, hint, required, children }: FieldProps & { required?: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-ink-muted"> (optional)</span>
        )}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-sm text-ink-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ id, label, error, hint, ...input }: FieldProps & ComponentProps<"input"> & { name: string }) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={input.required}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({ id, label, error, hint, ...textarea }: FieldProps & ComponentProps<"textarea"> & { name: string }) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={textarea.required}>
      <textarea
        id={id}
        className={`${inputClass} resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  ...select
}: FieldProps & ComponentProps<"select"> & { name: string; options: readonly { value: string; label: string }[] }) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={select.required}>
      <select
        id={id}
        className={`${inputClass} min-h-11`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A field people never see or reach, which form-filling bots fill in. It sits off-screen
 * (not display:none, which many bots skip) and out of the tab order.
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The server-rendered result of a submission made without JavaScript (with it, toasts say the same). */
export function FormNotice({ tone, title, children }: { tone: "success" | "error"; title: string; children: ReactNode }) {
  const success = tone === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`rounded-lg border p-4 ${success ? "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100" : "border-danger bg-danger-soft text-ink"}`}
    >
      <p className="font-bold">{title}</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}

/** False during server rendering and the first client render; true once React has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
