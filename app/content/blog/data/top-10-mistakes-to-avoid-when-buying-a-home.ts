/**
 * The ten mistake cards of "Top 10 Mistakes to Avoid When Buying a Home" (spec/blog.md §2).
 * Plain text only; figures that a module can compute are added by the article, not typed here.
 */
import type { LucideIcon } from "lucide-react";
import { formatCurrency as money } from "~/lib/format";
import {
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  FTHB_TAX_CREDIT_AMOUNT,
  FTHB_TAX_CREDIT_VALUE,
  HBP_LIMIT,
  HBP_PREVIOUS_LIMIT,
  type OfficialSource,
  officialSources,
  ruleSources,
} from "~/lib/mortgage-rules";
import { type MistakeHeading, type MistakeId, mistakeHeadings } from "./top-10-mistakes-opening";
import BadgeCheck from "lucide-react/icons/badge-check";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import CreditCard from "lucide-react/icons/credit-card";
import FileText from "lucide-react/icons/file-text";
import Heart from "lucide-react/icons/heart";
import Landmark from "lucide-react/icons/landmark";
import MapPin from "lucide-react/icons/map-pin";
import PiggyBank from "lucide-react/icons/piggy-bank";
import Receipt from "lucide-react/icons/receipt";
import UserCheck from "lucide-react/icons/user-check";

export interface MistakeCard extends MistakeHeading {
  icon: LucideIcon;
  /** Why the mistake costs buyers money or sleep. */
  problem: string;
  /** How to avoid it: short, concrete actions. */
  tips: readonly string[];
  /** Pages of this site that go deeper (router paths). */
  links?: readonly { to: string; label: string }[];
  /** Official external sources for rules that may change. */
  sources?: readonly { href: string; label: string }[];
  /** Citations (source and as-of date) of the rule-based figures in the tips. */
  cites?: readonly OfficialSource[];
}

const cards: Record<MistakeId, Omit<MistakeCard, "id" | "title">> = {
  "shopping-before-pre-approval": {
    icon: BadgeCheck,
    problem:
      "It is easy to start with online listings and open houses. But if you fall for a home before a lender has looked at your income, debts and credit, you may find out too late that you can't borrow enough, or you may lose the home to a buyer who could write a firm offer the same day.",
    tips: [
      "Get a full pre-approval (not just a pre-qualification) before you book showings. It usually takes a lender or broker 1 to 3 days once they have your documents.",
      "Ask how long the rate hold lasts (usually 90 to 120 days) so you know your shopping window.",
      "Gather your pay stubs, employment letter, two years of tax returns (Notices of Assessment) and 90 days of statements for your down payment now: you will need them again for final approval.",
    ],
    links: [{ to: "/blog/quick-mortgage-guide-for-homebuyers", label: "Pre-qualified versus pre-approved" }],
  },
  "borrowing-the-maximum": {
    icon: PiggyBank,
    problem:
      "A pre-approval tells you the most a lender will lend, not what you can comfortably pay every month. The lender's formula doesn't know about daycare, your truck payment next year, or the fact that you like to travel. Buyers who spend their full approval are the ones who feel house-poor.",
    tips: [
      "Build a real monthly budget: mortgage payment, property tax, heating and power, water, home insurance, condo fees if any, and about 1% of the home's value a year for upkeep.",
      "Pick a price ceiling below your approval and share it with me, not just the approval amount.",
      "Run your numbers on my mortgage calculator at two or three interest rates, so a higher rate at renewal won't catch you off guard.",
    ],
    links: [{ to: "/mortgage-calculator", label: "Mortgage calculator" }],
  },
  "forgetting-closing-costs": {
    icon: Receipt,
    problem:
      "Your down payment is not the only cheque you write. Alberta has no land transfer tax, which surprises people moving from other provinces, but you still pay land title registration fees, a lawyer, an inspection, title insurance and property tax and utility adjustments. These are due on or before closing day and can't be added to your mortgage.",
    tips: [
      "Set aside money for closing costs on top of your down payment; I suggest a buffer of 2% to 4% of the price for closing costs and moving.",
      "Ask your lawyer for a fee quote that includes GST and disbursements before you write an offer.",
      "Read my guide to the hidden costs of buying in Alberta for a line-by-line breakdown.",
    ],
    links: [{ to: "/blog/hidden-costs-buying-home-alberta", label: "Hidden costs of buying a home in Alberta" }],
  },
  "skipping-the-inspection": {
    icon: ClipboardCheck,
    problem:
      "In a busy market it is tempting to drop the inspection condition to make your offer stand out. A few hundred dollars saved can turn into a failing furnace, a leaking roof, grading that sends spring melt into the basement, or old wiring your insurer won't cover.",
    tips: [
      "Keep an inspection condition in your offer whenever you can, and book a licensed inspector the day your offer is accepted. Home inspectors must be licensed by the Government of Alberta.",
      "Go to the inspection and ask questions: you will learn where the shut-offs are and what needs attention first.",
      "If you must compete without an inspection condition, ask the seller whether you can inspect before offers are reviewed.",
    ],
    links: [{ to: "/blog/essential-real-estate-contacts", label: "Home inspectors I work with" }],
  },
  "ignoring-condo-documents": {
    icon: FileText,
    problem:
      "When you buy a condo you also buy a share of the building and its finances. A thin reserve fund, a coming special assessment, a lawsuit, or bylaws that forbid your dog or rentals can cost far more than any flaw inside the unit.",
    tips: [
      "Make your offer conditional on reviewing the condo documents: bylaws, financial statements, budget, reserve fund study and plan, board minutes and the estoppel certificate.",
      "Hire a condo document review service; a professional review typically costs $350 to $500 and reads hundreds of pages for you.",
      "Check what the condo fee covers (heat, water, power?) and whether it has jumped recently.",
    ],
  },
  "changing-finances-before-closing": {
    icon: CreditCard,
    problem:
      "Your lender can check your credit and employment again right up to closing day. A new car loan, a furniture purchase on credit, a job change or a missed payment between acceptance and closing can shrink or cancel your mortgage approval.",
    tips: [
      "Don't open new credit, co-sign a loan or make big purchases on credit until you have the keys.",
      "Talk to your lender before changing jobs or moving money between accounts.",
      "Keep paying every bill on time, and keep your down payment where the lender can see it.",
    ],
  },
  "going-without-your-own-agent": {
    icon: UserCheck,
    problem:
      "The listing agent is hired by the seller, and their job is to get the seller the best price and terms. Without your own agent, nobody is studying the comparable sales, drafting your conditions or watching your deadlines on your behalf.",
    tips: [
      "Hire a buyer's agent who works the area you are buying in and who explains the contract line by line.",
      "Ask how they are paid and what they will do at each step, then put it in a written buyer agency agreement.",
      "Check that your agent is licensed with the Real Estate Council of Alberta (RECA).",
    ],
    sources: [{ href: officialSources.reca, label: "Real Estate Council of Alberta" }],
  },
  "letting-emotion-set-the-price": {
    icon: Heart,
    problem:
      "It is normal to fall in love with a home. It becomes a mistake when that feeling decides your price, or makes you overlook the cracked foundation, the noisy road or the lender's appraisal that comes in below your offer.",
    tips: [
      "Before you write an offer, look at comparable homes that sold nearby in the last 3 to 6 months, not just at asking prices.",
      "Decide your walk-away price before you are in a competing-offer situation, and stick to it.",
      "Remember that the lender lends on the appraised value: if you offer more than the home appraises for, the difference comes out of your pocket.",
    ],
  },
  "overlooking-the-neighbourhood": {
    icon: MapPin,
    problem:
      "You can renovate a kitchen, but you can't move the house. Commute, schools, noise, future construction nearby and how easily the home will sell later matter as much as the floor plan.",
    tips: [
      "Visit at rush hour, on a weeknight and on a weekend before you commit.",
      "Check school catchments, transit and planned road or LRT work on the City of Edmonton's website.",
      "Edmonton's zoning bylaw, in force since January 2024, allows more types of housing on residential lots, so ask what could be built next door.",
      "Choose features that most buyers want, such as a practical layout, parking and a good lot, over one-of-a-kind finishes.",
    ],
    sources: [{ href: officialSources.cityOfEdmonton, label: "City of Edmonton" }],
  },
  "missing-buyer-programs": {
    icon: Landmark,
    problem:
      "First-time buyers leave real money on the table when they don't know the federal programs. They can add tens of thousands of dollars to your down payment and save you tax, but each has rules and timing you need to plan for. The limits below are as of July 2025; the Canada Revenue Agency's pages have the current rules.",
    tips: [
      `Home Buyers' Plan: withdraw up to ${money(HBP_LIMIT)} per person from your RRSPs toward your home (raised from ${money(HBP_PREVIOUS_LIMIT)} in April 2024), and repay it over 15 years.`,
      `First Home Savings Account (FHSA): contribute up to ${money(FHSA_ANNUAL_LIMIT)} a year, to a lifetime limit of ${money(FHSA_LIFETIME_LIMIT)}; contributions are tax-deductible and qualifying withdrawals are tax-free.`,
      `First-Time Home Buyers' Tax Credit: a ${money(FTHB_TAX_CREDIT_AMOUNT)} credit amount on your tax return, worth up to ${money(FTHB_TAX_CREDIT_VALUE)} in federal tax savings.`,
      "Buying a newly built home? Read about the new federal First-Time Home Buyers' GST Rebate.",
    ],
    links: [
      { to: "/blog/new-gst-rebate-for-home-buyers", label: "The new GST rebate for first-time buyers" },
      { to: "/blog/quick-mortgage-guide-for-homebuyers", label: "Quick mortgage guide" },
    ],
    sources: [
      { href: officialSources.homeBuyersPlan, label: "Home Buyers' Plan (Canada.ca)" },
      { href: officialSources.fhsa, label: "First Home Savings Account (Canada.ca)" },
    ],
    cites: [ruleSources.homeBuyersPlan, ruleSources.fhsa, ruleSources.homeBuyersAmount],
  },
};

/** The cards in the article's order, each under its heading. */
export const mistakes: readonly MistakeCard[] = mistakeHeadings.map((h) => ({ ...h, ...cards[h.id] }));

/** The checklist by stage at the end of the article. */
export const checklist: readonly { title: string; items: readonly string[] }[] = [
  {
    title: "Before you start looking",
    items: [
      "Full mortgage pre-approval in hand, with the rate hold date noted.",
      "A monthly budget that includes tax, utilities, insurance and upkeep.",
      "Savings for closing costs on top of the down payment.",
      "First-time buyer programs (Home Buyers' Plan, FHSA) lined up.",
      "Your own agent, with a written agreement you have read.",
    ],
  },
  {
    title: "Before you write an offer",
    items: [
      "Recent comparable sales reviewed, not just asking prices.",
      "Your walk-away price decided.",
      "The neighbourhood visited at different times of day.",
      "Conditions chosen: financing, inspection, condo documents.",
      "Deposit ready to deliver on time.",
    ],
  },
  {
    title: "Before you waive your conditions",
    items: [
      "Lender's written commitment received and its conditions met.",
      "Home inspection done and the report read.",
      "Condo documents professionally reviewed.",
      "Home insurance quote confirmed.",
    ],
  },
  {
    title: "Before closing day",
    items: [
      "Lawyer chosen and sent the contract.",
      "No new credit, no job change, no big purchases.",
      "Funds for the down payment and closing costs ready for your lawyer.",
      "Insurance, power, gas, water and internet set up from possession day.",
    ],
  },
];

/** "Already made one of these mistakes?": what to do, mistake by mistake. */
export const recoveries: readonly { term: string; text: string }[] = [
  {
    term: "You waived the inspection to win the house.",
    text: "Book an inspection anyway before or right after possession. It won't change the deal, but it tells you what to fix first and what to budget for, before a small leak becomes a big one.",
  },
  {
    term: "The appraisal came in below your price.",
    text: "If your financing condition is still open, talk to your lender and to me right away: options include a second appraisal, renegotiating the price with the seller or covering the gap from savings.",
  },
  {
    term: "You took on new debt after your pre-approval.",
    text: "Tell your lender or broker now rather than letting them find it on closing day. A larger down payment, paying off a small balance or a different lender can sometimes save the approval.",
  },
  {
    term: "You are stretched at the top of your budget.",
    text: "Build a cash cushion before you buy furniture, put windfalls toward your mortgage's prepayment privileges, and ask your lender well before renewal what options you will have.",
  },
  {
    term: "The condo has a special assessment you missed.",
    text: "Ask the condo's management for the payment schedule and whether it can be spread out, and check whether your contract or the estoppel certificate says who pays assessments passed before closing.",
  },
];
