import BellRing from "lucide-react/icons/bell-ring";
import { GET_NOTIFIED_TIP } from "~/components/widgets/listings-messages";

/** The 'Get Notified' tip line shown above listing widgets (spec §2), word for word. */
export function GetNotifiedTip({ className = "" }: { className?: string }) {
  return (
    <p
      className={`flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-bold text-amber-950 ${className}`}
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>{GET_NOTIFIED_TIP}</span>
    </p>
  );
}
