import { useId, type ReactNode } from "react";

/**
 * A labelled number input with an optional "$" prefix or "%" suffix, a hint that marks it
 * invalid, and a quieter description. Shared by the calculators.
 *
 * type="number" gives phones a numeric keypad and keeps letters out (spec §5: numbers only);
 * the calculators parse the text themselves, so the browser's own step check never blocks
 * anything (rates like 4.79 are real even though the spinner steps by 0.1).
 */
export function NumberField({
  label,
  name,
  value,
  onChange,
  prefix,
  suffix,
  step = "any",
  hint,
  description,
  className = "",
}: {
  label: ReactNode;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  prefix?: string;
  suffix?: string;
  step?: string;
  /** A short message explaining why there is no result; marks the field invalid. */
  hint?: string;
  description?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const descriptionId = `${id}-description`;
  const describedBy = [hint ? hintId : null, description ? descriptionId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-bold text-ink">
        {label}
      </label>
      <div
        className={`mt-1 flex items-center rounded-md border bg-surface focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent ${hint ? "border-danger" : "border-line"}`}
      >
        {prefix && (
          <span aria-hidden="true" className="pl-3 text-ink-muted">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={hint ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-11 w-full min-w-0 rounded-md bg-transparent px-3 py-2 text-base text-ink outline-none"
        />
        {suffix && (
          <span aria-hidden="true" className="pr-3 text-ink-muted">
            {suffix}
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-danger">
          {hint}
        </p>
      )}
      {description && (
        <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
          {description}
        </p>
      )}
    </div>
  );
}
