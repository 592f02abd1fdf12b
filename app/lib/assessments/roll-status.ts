/** The assessment roll import's state as the inbox's Account page and the command line show it (issue 42). */
export type ImportStage = "roll" | "info" | "boundaries" | "finish";

export interface RollStatus {
  /** The live roll's year (values as of July 1 of the year before); null before the first load. */
  liveYear: number | null;
  liveRows: number | null;
  liveImportedAt: Date | null;
  /** A load in progress (or interrupted, to be resumed). */
  building: { generation: number; stage: ImportStage; offset: number; startedAt: Date | null } | null;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  /** Since when every attempt has failed; null after a success. */
  failingSince: Date | null;
}
