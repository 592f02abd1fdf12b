/**
 * The name of an icon-only button, shown after a pause (spec §9: 700 ms delay, 300 ms skip delay:
 * moving on to another control within 300 ms of leaving one shows its tooltip at once). Shown on
 * mouse hover and keyboard focus, not on touch (a tap acts at once); Escape hides it. While shown,
 * the button is described by it (role="tooltip"), as WAI-ARIA's tooltip pattern has it.
 *
 * Hand-written rather than Radix Tooltip: the menu button is on every page, and Radix's tooltip
 * brings a positioning engine (Floating UI) that would add more to every page's script than the
 * whole of this file; a label under a button needs no collision handling.
 */
import { type ReactElement, cloneElement, useEffect, useId, useRef, useState } from "react";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When any tooltip last closed: within the skip delay, the next one opens without waiting. */
let lastClosedAt = -Infinity;

export function Tooltip({
  label,
  align = "center",
  children,
}: {
  label: string;
  align?: "center" | "end";
  children: ReactElement<{ "aria-describedby"?: string }>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Read synchronously when the pointer leaves: the next control's enter event comes in the same task.
  const shown = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setShown = (value: boolean) => {
    shown.current = value;
    setOpen(value);
  };
  const show = () => {
    clearTimeout(timer.current);
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setShown(true);
    else timer.current = setTimeout(() => setShown(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (shown.current) lastClosedAt = performance.now();
    setShown(false);
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(e) => e.target.matches(":focus-visible") && show()}
      onBlur={hide}
      onKeyDown={(e) => e.key === "Escape" && hide()}
    >
      {cloneElement(children, { "aria-describedby": open ? id : undefined })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className={`pointer-events-none absolute top-full z-50 mt-2 whitespace-nowrap rounded bg-ink px-2 py-1 text-sm text-surface shadow ${align === "end" ? "right-0" : "left-1/2 -translate-x-1/2"}`}
        >
          {label}
        </span>
      )}
    </span>
  );
}
