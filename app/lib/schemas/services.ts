/**
 * The welcome page's service types and their button labels (spec §2). Kept apart from lead.ts
 * so the page can render its buttons without loading zod, which only the form's check needs.
 */
import { SERVICE_TYPES, type ServiceType } from "~/lib/schema-values";

export { SERVICE_TYPES, type ServiceType };

/** The button labels of spec §2, by service type. */
export const SERVICE_LABELS: Record<ServiceType, string> = {
  buying: "I'm Buying",
  selling: "I'm Selling",
  buying_and_selling: "I'm Buying and Selling",
};

export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === "string" && (SERVICE_TYPES as readonly string[]).includes(value);
}
