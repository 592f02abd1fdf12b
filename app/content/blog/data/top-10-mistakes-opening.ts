/**
 * The part of "Top 10 Mistakes to Avoid When Buying a Home" (top-10-mistakes-to-avoid-when-buying-a-home.ts)
 * that the article's first script needs: each mistake's anchor and title, for the contents list at
 * its top. The cards themselves, with their icons, tips and sources, only the lazily loaded body
 * imports (decision 061).
 */

export const mistakeHeadings = [
  { id: "shopping-before-pre-approval", title: "Shopping before you are pre-approved" },
  { id: "borrowing-the-maximum", title: "Buying at the top of your approval" },
  { id: "forgetting-closing-costs", title: "Forgetting the closing costs" },
  { id: "skipping-the-inspection", title: "Skipping or rushing the home inspection" },
  { id: "ignoring-condo-documents", title: "Not reading the condo documents" },
  { id: "changing-finances-before-closing", title: "Changing your finances before closing" },
  { id: "going-without-your-own-agent", title: "Going without your own agent" },
  { id: "letting-emotion-set-the-price", title: "Letting emotion set the price" },
  { id: "overlooking-the-neighbourhood", title: "Overlooking the neighbourhood and resale" },
  { id: "missing-buyer-programs", title: "Missing the first-time buyer programs" },
] as const;

export type MistakeId = (typeof mistakeHeadings)[number]["id"];

export interface MistakeHeading {
  /** Anchor id of the card, for links from the summary list. */
  id: MistakeId;
  title: string;
}
