import type { ComponentProps } from "react";
import { Link } from "react-router";

type Variant = "primary" | "secondary" | "ghost";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md py-2.5 text-base font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  primary: "bg-brand text-on-brand hover:bg-brand-strong dark:hover:bg-brand-strong",
  secondary: "border border-brand text-brand hover:bg-brand-soft",
  ghost: "text-brand underline hover:bg-brand-soft",
};

/**
 * A button's classes. `compact` narrows its sides (px-3 for px-5), for two buttons side by side on a
 * phone: an extra `px-3` would not override the base's, as Tailwind orders its utilities itself.
 */
export function buttonClass(variant: Variant = "primary", extra = "", compact = false): string {
  return `${base} ${compact ? "px-3" : "px-5"} ${variants[variant]} ${extra}`.trim();
}

export function Button({ variant = "primary", className = "", ...props }: ComponentProps<"button"> & { variant?: Variant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  compact = false,
  className = "",
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant; compact?: boolean }) {
  return <Link className={buttonClass(variant, className, compact)} {...props} />;
}
