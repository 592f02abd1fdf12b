/**
 * The forms' checks in one module, as load-checks.ts fetches them on demand: one chunk holds zod,
 * the shared field rules and both schemas, so a page's form costs one request when first focused.
 */
export { parseContactForm } from "./contact";
export { parseLeadForm } from "./lead";
export { parseHomeValuationForm } from "./home-valuation";
