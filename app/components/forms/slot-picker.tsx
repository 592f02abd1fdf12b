import type { SlotDay } from "~/lib/showing-slots";

/**
 * A showing's free times by day as radio buttons named "slot", for booking one and for moving it:
 * each time is read out with its day ("Monday, December 7 at 10:00 a.m."), not as a bare time.
 */
export function SlotPicker({ days, checked }: { days: readonly SlotDay[]; checked?: string }) {
  return days.map((day) => (
    <div key={day.day} className="mt-3">
      <h2 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{day.label}</h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {day.slots.map((slot) => (
          <label
            key={slot.value}
            className="cursor-pointer rounded-md border border-line px-3 py-2 text-ink has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-on-brand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
          >
            <input type="radio" name="slot" value={slot.value} required className="sr-only" defaultChecked={checked === slot.value} />
            <span aria-label={`${day.label} at ${slot.label}`}>{slot.label}</span>
          </label>
        ))}
      </div>
    </div>
  ));
}
