/**
 * The DDF® Web API, as CREA documents it: OData v4 over the Property, Office and OpenHouse
 * resources (pages of at most 100) and the PropertyReplication and OfficeReplication functions
 * (every key with its ModificationTimestamp), behind an OAuth 2.0 token (ddf-session.server.ts).
 * Only fields CREA's published description names are ever asked for. Failures come out as the
 * kinds of ddf-errors.server.ts.
 */
import buildQuery from "odata-query";
import { type DdfOffice, type DdfOpenHouse, type DdfProperty, OFFICE_FIELDS, OPEN_HOUSE_FIELDS, PROPERTY_FIELDS } from "./property.server";
import { type DdfClientOptions, openDdfSession } from "./ddf-session.server";

/**
 * CREA's token and OData endpoints: constants, not configuration (decision 052). Only the test
 * suites and the audits point the client elsewhere, at the DDF® stand-in (TEST_ONLY's ddfTokenUrl
 * and ddfApiUrl).
 */
export const DDF_ENDPOINTS = { tokenUrl: "https://identity.crea.ca/connect/token", apiUrl: "https://ddfapi.realtor.ca/odata/v1" } as const;

/** CREA's endpoints, or the stand-in's a test names (TEST_ONLY); for the server and `npm run listings`. */
export function ddfEndpointsOf(testOnly?: { ddfTokenUrl?: string; ddfApiUrl?: string }): { tokenUrl: string; apiUrl: string } {
  return { tokenUrl: testOnly?.ddfTokenUrl ?? DDF_ENDPOINTS.tokenUrl, apiUrl: testOnly?.ddfApiUrl ?? DDF_ENDPOINTS.apiUrl };
}

/** One record of a replication function: the record's key and its ModificationTimestamp. */
export interface ReplicationEntry {
  key: string;
  ModificationTimestamp: string;
}

/** The resources the site replicates, each with its key field, the fields it reads and its replication function. */
export const DDF_RESOURCES = {
  Property: { key: "ListingKey", fields: PROPERTY_FIELDS, replication: "PropertyReplication()" },
  Office: { key: "OfficeKey", fields: OFFICE_FIELDS, replication: "OfficeReplication()" },
} as const;
export type ReplicatedResource = keyof typeof DDF_RESOURCES;
interface RecordOf {
  Property: DdfProperty;
  Office: DdfOffice;
}

export interface PropertyQuery {
  filter?: Record<string, unknown> | string;
  /** At most 100 (the feed's limit). */
  top?: number;
  skip?: number;
  /** "ModificationTimestamp asc", or several terms in order. */
  orderBy?: string | string[];
  select?: readonly string[];
}

/**
 * Per call: `signal` abandons the call's request in flight at once (and any token request it
 * started) and makes no other; the call then rejects with the signal's reason, not a DdfError.
 * A request also ends on its own after the client's `timeoutMs`.
 */
export interface DdfCallOptions {
  signal?: AbortSignal;
}

export interface DdfClient {
  /** The pages of a query on a replicated resource, following `@odata.nextLink` until the last one. */
  records<R extends ReplicatedResource>(resource: R, query: PropertyQuery, call?: DdfCallOptions): AsyncGenerator<RecordOf[R][]>;
  /** The records with these keys (asked 100 at a time); keys the feed no longer has are simply absent. */
  recordsByKeys<R extends ReplicatedResource>(resource: R, keys: readonly string[], call?: DdfCallOptions): Promise<RecordOf[R][]>;
  /** Keys changed after `since`; without it, every key currently in the feed. */
  replication(resource: ReplicatedResource, since?: Date, call?: DdfCallOptions): Promise<ReplicationEntry[]>;
  /** Every open house from `from` (a date, Edmonton's day) on; the resource has no replication function. */
  openHouses(from: string, call?: DdfCallOptions): Promise<DdfOpenHouse[]>;
  /** Where the API is (origin only), for the start-up line. */
  readonly origin: string;
}

export const DDF_PAGE_SIZE = 100;

export function createDdfClient(options: DdfClientOptions): DdfClient {
  const { apiBase, origin, pages, all } = openDdfSession(options);
  return {
    origin,
    records<R extends ReplicatedResource>(resource: R, query: PropertyQuery, call?: DdfCallOptions) {
      const qs = buildQuery({
        select: [...(query.select ?? DDF_RESOURCES[resource].fields)],
        filter: query.filter,
        orderBy: Array.isArray(query.orderBy) ? query.orderBy.join(",") : query.orderBy,
        top: Math.min(query.top ?? DDF_PAGE_SIZE, DDF_PAGE_SIZE),
        skip: query.skip,
      });
      return pages<RecordOf[R]>(`${apiBase}/${resource}${qs}`, call?.signal);
    },
    async recordsByKeys<R extends ReplicatedResource>(resource: R, keys: readonly string[], call?: DdfCallOptions) {
      const { key, fields } = DDF_RESOURCES[resource];
      const out: RecordOf[R][] = [];
      for (let i = 0; i < keys.length; i += DDF_PAGE_SIZE) {
        const batch = keys.slice(i, i + DDF_PAGE_SIZE);
        const qs = buildQuery({ select: [...fields], filter: { [key]: { in: batch } }, top: DDF_PAGE_SIZE });
        out.push(...(await all<RecordOf[R]>(`${apiBase}/${resource}${qs}`, call?.signal)));
      }
      return out;
    },
    async replication(resource, since, call) {
      const { key, replication } = DDF_RESOURCES[resource];
      const qs = since ? buildQuery({ filter: { ModificationTimestamp: { gt: since } } }) : "";
      const entries = await all<Record<string, unknown>>(`${apiBase}/${resource}/${replication}${qs}`, call?.signal);
      return entries.flatMap((e) =>
        typeof e?.[key] === "string" && typeof e.ModificationTimestamp === "string"
          ? [{ key: e[key], ModificationTimestamp: e.ModificationTimestamp }]
          : [],
      );
    },
    openHouses(from, call) {
      // OpenHouseDate is declared a date-time: compared with the day's start, as OData expects.
      const qs = buildQuery({
        select: [...OPEN_HOUSE_FIELDS],
        filter: `OpenHouseDate ge ${from}T00:00:00Z`,
        orderBy: "OpenHouseKey asc",
        top: DDF_PAGE_SIZE,
      });
      return all<DdfOpenHouse>(`${apiBase}/OpenHouse${qs}`, call?.signal);
    },
  };
}
