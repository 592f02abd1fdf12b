/**
 * The slots a listing page offers now (issue 44): the agent's availability, minus the busy times
 * of their own calendar's last good fetch and the showings already held. The loader lists them and
 * the booking's check asks whether the time posted is one of them; the database's unique slot
 * settles a race between two requests that both saw it free.
 */
import { offeredSlots } from "~/lib/showing-slots";
import type { Database } from "../../../../platform/db/database";
import { type ShowingSettings, heldIntervals, readShowingSettings } from "./settings.server";

export interface Offer {
  settings: ShowingSettings;
  slots: number[];
}

export async function offerNow(db: Pick<Database, "rows">, now = new Date()): Promise<Offer> {
  const [settings, held] = await Promise.all([readShowingSettings(db), heldIntervals(db, now)]);
  return { settings, slots: offeredSlots(settings.availability, { now, busy: settings.busy, held }) };
}

/** A home buyers may book: one the feed shows for sale (not under contract, pending or gone). */
export function isBookable(status: string | null | undefined): boolean {
  return status === "active";
}
