/**
 * Who may take an insured (under 20 % down) mortgage over more than 25 years: since
 * 15 December 2024, first-time home buyers and buyers of newly built homes only; everyone else
 * is limited to 25 years. Anyone with 20 % down may choose 30 years with any lender that offers it.
 *
 * Data only, with its official source and the date it was checked: the articles that cite the
 * rule import it from here, so they do not download the calculator's arithmetic with it.
 */
export const THIRTY_YEAR_INSURED_RULE = {
  since: "2024-12-15",
  asOf: "2026-11-23",
  source: {
    name: "Department of Finance Canada, news release of 24 September 2024",
    url: "https://www.canada.ca/en/department-finance/news/2024/09/government-announces-mortgage-reform-details-to-ensure-canadians-can-access-lower-monthly-mortgage-payments-by-december-15.html",
  },
} as const;
