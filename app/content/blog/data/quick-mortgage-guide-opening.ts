/**
 * The part of "Quick Mortgage Guide for Homebuyers" (quick-mortgage-guide-for-homebuyers.ts) that
 * the article's first script needs: the mortgage types at its top, and the FAQ its structured
 * data repeats (the page's meta runs in the browser too). The tables, figures and resources stay
 * in quick-mortgage-guide-for-homebuyers.ts, which only the lazily loaded body imports (decision 061).
 */
import { formatCurrency as money, formatPercent } from "~/lib/format";
import { INSURANCE_PREMIUM_BANDS, LONG_AMORTIZATION_SURCHARGE_PERCENT, minimumDownPayment } from "~/lib/mortgage-insurance";
import {
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  HBP_LIMIT,
  INSURED_GDS_LIMIT_PERCENT,
  INSURED_TDS_LIMIT_PERCENT,
  type OfficialSource,
  officialSources,
  ruleSources,
  STRESS_TEST_BUFFER_POINTS,
  STRESS_TEST_FLOOR_PERCENT,
  TRADITIONAL_GDS_PERCENT,
  TRADITIONAL_TDS_PERCENT,
} from "~/lib/mortgage-rules";

/** spec §3 "Mortgage type: title, description". */
export interface MortgageType {
  title: string;
  description: string;
  /** Who it tends to suit. */
  goodFor: string;
}

export const mortgageTypes: readonly MortgageType[] = [
  {
    title: "Variable rate",
    description:
      "Your rate is set as your lender's prime rate plus or minus a discount, so it moves whenever prime moves. With some lenders your payment stays the same and only the split between interest and principal changes; with others the payment itself goes up or down.",
    goodFor:
      "Buyers with room in their budget who can live with changing costs. Breaking a variable mortgage usually costs about three months' interest.",
  },
  {
    title: "Fixed rate",
    description:
      "Your rate and payment are locked for the whole term, most often five years. You know exactly what you will pay until renewal, whatever happens to rates.",
    goodFor:
      "Buyers who want a predictable payment. Breaking a fixed mortgage early can be expensive: the penalty is often the greater of three months' interest or the interest rate differential.",
  },
  {
    title: "Closed",
    description:
      "Most mortgages are closed: you get a lower rate in exchange for limits on paying it off early. Most closed mortgages still let you prepay a set amount each year, such as a lump sum or a payment increase; the limits differ by lender.",
    goodFor: "Buyers who plan to stay put for the term. Check the prepayment privileges and the penalty before you sign, not just the rate.",
  },
  {
    title: "Open",
    description:
      "You can pay off any amount, or the whole mortgage, at any time without a penalty. The trade-off is a noticeably higher rate, and open terms are usually short (six months or a year).",
    goodFor: "Buyers expecting to sell soon or to receive a large sum, such as an inheritance or the proceeds of another sale.",
  },
];

/** Premium range for high-ratio loans (above 80% loan-to-value), from the insurers' table. */
const highRatioBands = INSURANCE_PREMIUM_BANDS.filter((b) => b.maxLtvPercent > 80);
const lowestHighRatioPremium = Math.min(...highRatioBands.map((b) => b.ratePercent));
const highestHighRatioPremium = Math.max(...highRatioBands.map((b) => b.ratePercent));
export const highRatioPremiumRange = `${formatPercent(lowestHighRatioPremium)} to ${formatPercent(highestHighRatioPremium)}`;
export { highRatioBands };

/** spec §3 "FAQ item: question, answer", with an optional link after the answer. */
export interface FaqItem {
  question: string;
  answer: string;
  link?: { to: string; label: string; external?: boolean };
  /** Official sources of the rule-based figures in the answer. */
  cite?: readonly OfficialSource[];
}

const DOWN_PAYMENT_EXAMPLE_PRICE = 600_000;

export const faq: readonly FaqItem[] = [
  {
    question: "How much do I need for a down payment?",
    answer: `As of December 15, 2024: 5% of the first $500,000 of the price, 10% of the part above $500,000, and 20% of the whole price from $1.5 million. On a ${money(DOWN_PAYMENT_EXAMPLE_PRICE)} home that is ${money(minimumDownPayment(DOWN_PAYMENT_EXAMPLE_PRICE))}. You also need cash for closing costs.`,
    link: { to: officialSources.downPayment, label: "Current rule on Canada.ca", external: true },
    cite: [ruleSources.downPayment],
  },
  {
    question: "What credit score do I need?",
    answer:
      "Most lenders want at least 600 for an insured mortgage, and a score of 740 or more usually gets you the best rates and the most choice. If you are below 600, a few months of on-time payments and lower card balances can make a real difference.",
  },
  {
    question: "Will shopping around for a mortgage hurt my credit score?",
    answer:
      "Very little, if you do it within a short window. Credit scoring models generally treat several mortgage inquiries made within 14 to 45 days (depending on the model) as a single inquiry, so compare lenders in the same few weeks.",
  },
  {
    question: "How long does a pre-approval take, and how long is it good for?",
    answer:
      "Usually 1 to 3 business days once the lender has your documents. The rate is typically held for 90 to 120 days; if you haven't bought by then, ask for it to be renewed.",
  },
  {
    question: "What happens after my offer is accepted?",
    answer:
      "You deliver your deposit, send the contract to your lender to finalize financing (they may order an appraisal), book your inspection and work through your other conditions before condition day. Waiving the conditions makes the deal firm; then your lawyer handles closing and the keys are released on possession day. I walk through each stage in detail in my step-by-step guide.",
    link: { to: "/blog/complete-step-by-step-home-buyers-guide", label: "The complete step-by-step home buyer's guide" },
  },
  {
    question: "What is the difference between the term and the amortization?",
    answer:
      "The term is how long your rate and conditions last, often five years; then you renew. The amortization is how long it would take to pay off the whole mortgage, usually 25 years. Insured mortgages are limited to 25 years, except that first-time buyers and buyers of newly built homes can choose 30 years since December 15, 2024.",
    cite: [ruleSources.thirtyYearAmortization],
  },
  {
    question: "What are GDS and TDS?",
    answer:
      `They are the two ratios lenders use. Gross Debt Service (GDS) is your housing costs (mortgage payment, property tax, heating and half of any condo fee) as a share of your gross monthly income; lenders traditionally like it at ${TRADITIONAL_GDS_PERCENT}% or less. Total Debt Service (TDS) adds all your other debt payments; the traditional target is ${TRADITIONAL_TDS_PERCENT.low}% to ${TRADITIONAL_TDS_PERCENT.high}% at most. For an insured mortgage (less than 20% down) the rule is a GDS of up to ${INSURED_GDS_LIMIT_PERCENT}% and a TDS of up to ${INSURED_TDS_LIMIT_PERCENT}%, for borrowers with a strong history of paying on time.`,
    cite: [ruleSources.insuredDebtService],
  },
  {
    question: "What is the mortgage stress test?",
    answer:
      `To get a mortgage from a federally regulated lender you must qualify at a higher rate than you will actually pay: as of 2025, the greater of ${STRESS_TEST_FLOOR_PERCENT}% or your contract rate plus ${STRESS_TEST_BUFFER_POINTS} percentage points. It makes sure you could still afford the payment if rates rise.`,
    link: { to: officialSources.mortgages, label: "Mortgage rules from the Financial Consumer Agency of Canada", external: true },
    cite: [ruleSources.stressTest],
  },
  {
    question: "Can I use my RRSP or FHSA for my down payment?",
    answer: `Yes, if you are a first-time buyer. The Home Buyers' Plan lets you withdraw up to ${money(HBP_LIMIT)} per person from your RRSPs and repay it over 15 years. A First Home Savings Account lets you save ${money(FHSA_ANNUAL_LIMIT)} a year, up to ${money(FHSA_LIFETIME_LIMIT)}, with a deduction going in and tax-free qualifying withdrawals. You can use both.`,
    link: { to: officialSources.fhsa, label: "FHSA rules on Canada.ca", external: true },
    cite: [ruleSources.homeBuyersPlan, ruleSources.fhsa],
  },
  {
    question: "What does mortgage default insurance cost?",
    answer: `It is required when you put less than 20% down. The premium is a percentage of your loan, from ${highRatioPremiumRange} for high-ratio mortgages (the smaller your down payment, the higher the rate), plus ${formatPercent(LONG_AMORTIZATION_SURCHARGE_PERCENT)} for a 30-year amortization (open to first-time buyers and buyers of newly built homes only). It is added to your mortgage, and there is no sales tax on it in Alberta.`,
    cite: [ruleSources.mortgageInsurance, ruleSources.thirtyYearAmortization],
  },
  {
    question: "Should I go to my bank or to a mortgage broker?",
    answer:
      "Either can work. Your bank knows your history and may reward the relationship; a broker compares many lenders for you, including ones you may not have heard of, and is usually paid by the lender. Compare at least two offers and read the prepayment and penalty terms, not just the rate.",
  },
];
