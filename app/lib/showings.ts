/** A showing as the inbox shows it (issue 44): made on the server, read by the inbox's components. */
export type ShowingState = "requested" | "confirmed" | "cancelled" | "past";

export const SHOWING_STATE_LABELS: Record<ShowingState, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  past: "Past",
};

export interface ShowingView {
  id: number;
  personId: number | null;
  name: string;
  email: string;
  phone: string;
  note: string | null;
  address: string;
  path: string;
  /** "Tuesday, December 1" and "10:00 a.m. to 10:30 a.m.", Edmonton time. */
  day: string;
  time: string;
  state: ShowingState;
}
