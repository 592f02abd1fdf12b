/** What the listing route's tests share: one home as the feed serves it, its page, and the router context the server would fill. */
import { RouterContextProvider } from "react-router";
import type { Database } from "../../platform/db/database";
import { type ServerContext, serverContext } from "~/router-context";

/** A detached house in Edmonton, as a DDF® Property record. */
export const HOME = {
  ListingKey: "28123456",
  ListingId: "E4400001",
  ListPrice: 525_000,
  UnparsedAddress: "10123 Jasper Avenue NW, Edmonton, Alberta T5J 0A1",
  City: "Edmonton",
  BedroomsTotal: 3,
  PropertySubType: "Single Family",
  StandardStatus: "Active",
  ListOfficeKey: "51001",
  OriginalEntryTimestamp: "2025-05-01T00:00:00Z",
  ModificationTimestamp: "2025-05-02T00:00:00Z",
};
export const SLUG = "28123456-10123-jasper-avenue-nw-edmonton";
export const PATH = `/listings/${SLUG}`;

/**
 * The router context for a request: the feed's database (or none), the forms' store on the same database, a quota that allows;
 * with `alerts`, listing alerts on the same database too (the server has them only with the feed), their wake-ups counted in `queued`.
 */
export function listingContext(
  db: Database,
  { feed = true, alerts = false, queued = () => {} }: { feed?: boolean; alerts?: boolean; queued?: () => void } = {},
): RouterContextProvider {
  const forms = {
    limiter: { consume: async () => ({ allowed: true, retryAfterSeconds: 600, excess: 0 }), refund: async () => {}, reset: async () => {} },
    max: 5,
  };
  const leads = { db, notificationQueued: () => {}, acknowledge: false };
  const value = {
    clientIp: "203.0.113.7",
    forms,
    leads,
    inbox: null,
    fromThisMachine: false,
    cspNonce: undefined,
    contentSecurityPolicy: undefined,
    listings: feed ? { db, memberKey: null } : null,
    alerts: feed && alerts ? { db, siteUrl: "http://localhost", queued } : null,
  };
  return new RouterContextProvider(new Map([[serverContext, value as unknown as ServerContext]]));
}
