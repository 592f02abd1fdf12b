import CircleCheck from "lucide-react/icons/circle-check";
import type { ReactNode } from "react";

/** A list of short actions, each behind a check mark (checklists, "how to avoid it" tips). */
export function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-none! space-y-1.5! pl-0!">
      {items.map((item, i) => (
        <li key={i} className="flex gap-2">
          <CircleCheck aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
