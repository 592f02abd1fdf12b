/**
 * Alberta Land Titles Office registration fees on a purchase, as stated in the hidden-costs
 * article (spec/blog.md §9): a transfer of land costs $50 plus $5 for every $5,000 of the
 * property's value or portion of $5,000; registering the mortgage costs the same on its
 * principal. Shared by the land-title fee calculator and the articles that quote the fees.
 *
 * Invalid input (negative, NaN, Infinity, above $1 billion) gives 0: these functions feed tables and text, and a
 * fee that cannot be computed must never print as NaN. Callers validate visitor input first.
 */
import { MAX_AMOUNT, toCents } from "./format";

export const LAND_TITLE_BASE_FEE = 50;
export const LAND_TITLE_FEE_PER_STEP = 5;
export const LAND_TITLE_VALUE_STEP = 5_000;

/** $50 + $5 per $5,000 of `amount` or portion thereof. */
function registrationFee(amount: number): number {
  // Whole cents first, so 450,000.0000001 from earlier arithmetic is not "a portion" over.
  const steps = Math.ceil(toCents(amount) / (LAND_TITLE_VALUE_STEP * 100));
  return LAND_TITLE_BASE_FEE + LAND_TITLE_FEE_PER_STEP * steps;
}

function isValid(amount: number): boolean {
  return Number.isFinite(amount) && amount >= 0 && amount <= MAX_AMOUNT;
}

/** Fee to register the transfer of title: landTitleTransferFee(450_000) = 500. A $0 transfer still pays the $50 base. */
export function landTitleTransferFee(value: number): number {
  if (!isValid(value)) return 0;
  return registrationFee(value);
}

/** Fee to register a mortgage of `principal`: mortgageRegistrationFee(360_000) = 410. No mortgage (0) costs nothing. */
export function mortgageRegistrationFee(principal: number): number {
  if (!isValid(principal) || principal === 0) return 0;
  return registrationFee(principal);
}

export interface LandTitleFees {
  transfer: number;
  mortgage: number;
  total: number;
}

/** Both fees on a purchase: landTitleFees({ price: 450_000, mortgage: 360_000 }).total = 910. */
export function landTitleFees({ price, mortgage }: { price: number; mortgage: number }): LandTitleFees {
  const transfer = landTitleTransferFee(price);
  const mortgageFee = mortgageRegistrationFee(mortgage);
  return { transfer, mortgage: mortgageFee, total: transfer + mortgageFee };
}
