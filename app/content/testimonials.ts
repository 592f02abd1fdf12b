/**
 * The fourteen client testimonials of the home page carousel (spec/site.md §3, §9).
 *
 * The spec shows the shape but not the words, so these are written for this site: every person
 * and story is fictional, and they are kept varied (first homes, moves up and down, acreages,
 * investors, fellow professionals) so none reads like a copy of another.
 */

export type TestimonialRole = "Home Buyer" | "First-time Home Buyer" | "Real Estate Professional";

export interface Testimonial {
  id: number;
  name: string;
  role: TestimonialRole;
  /** All fourteen are five-star reviews (spec §3). */
  rating: 5;
  text: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    name: "Priya Natarajan",
    role: "First-time Home Buyer",
    rating: 5,
    text: "We had no idea where to start. Jordan walked us through pre-approval, explained every condition in the offer, and found us a bright two-bedroom condo in Oliver that we could actually afford.",
  },
  {
    id: 2,
    name: "Marcus Whitfield",
    role: "Home Buyer",
    rating: 5,
    text: "We were relocating from Ontario and bought sight unseen. The video walk-throughs were so thorough that the house in Summerside felt familiar the day we got the keys.",
  },
  {
    id: 3,
    name: "Élise Gagnon",
    role: "First-time Home Buyer",
    rating: 5,
    text: "The instant listing alerts were a game changer. We saw our townhouse in Beaumont the morning it came on the market and had an accepted offer by that evening.",
  },
  {
    id: 4,
    name: "Tom Brandvold",
    role: "Real Estate Professional",
    rating: 5,
    text: "I have shared several transactions with Jordan from the other side of the table. Paperwork is always clean, deadlines are met, and the communication makes everyone's job easier.",
  },
  {
    id: 5,
    name: "Aisha Mohammed",
    role: "Home Buyer",
    rating: 5,
    text: "Moving up to a bigger home meant buying and selling at once. Jordan lined up the dates so we moved only once and never paid for two mortgages.",
  },
  {
    id: 6,
    name: "Kevin and Rosa Lindqvist",
    role: "Home Buyer",
    rating: 5,
    text: "We wanted an acreage near Stony Plain with room for horses. Jordan knew which questions to ask about wells, septic and zoning, and that saved us from one property that looked perfect online.",
  },
  {
    id: 7,
    name: "Daniel Okafor",
    role: "First-time Home Buyer",
    rating: 5,
    text: "Patient, honest and never pushy. When the inspection turned up a roof issue, Jordan negotiated a credit that covered most of the repair.",
  },
  {
    id: 8,
    name: "Sandra Whitehorse",
    role: "Real Estate Professional",
    rating: 5,
    text: "As a mortgage broker I refer clients only to agents I trust. Every buyer I have sent to Jordan has come back to thank me.",
  },
  {
    id: 9,
    name: "Hannah Petrov",
    role: "Home Buyer",
    rating: 5,
    text: "We downsized after thirty years in the same Sherwood Park house. Jordan was kind about the memories and practical about the plan, and the bungalow we found is just right.",
  },
  {
    id: 10,
    name: "Luis Ramírez",
    role: "First-time Home Buyer",
    rating: 5,
    text: "I was buying on my own and worried about being rushed. Jordan answered texts late in the evening and made sure I understood the condo documents before I signed anything.",
  },
  {
    id: 11,
    name: "Grace Tan",
    role: "Home Buyer",
    rating: 5,
    text: "Our first purchase was a rental property in Spruce Grove. Jordan ran the numbers with us, showed comparable rents and helped us find a suite that was cash-flow positive from day one.",
  },
  {
    id: 12,
    name: "Brent Kowalchuk",
    role: "Real Estate Professional",
    rating: 5,
    text: "I appraise homes all over the capital region. Jordan's pricing is grounded in the comparables, which makes for smooth deals and very few surprises at appraisal time.",
  },
  {
    id: 13,
    name: "Nadia Haddad",
    role: "First-time Home Buyer",
    rating: 5,
    text: "The mortgage calculator and the buyer guides helped us set a realistic budget before we ever booked a showing. We closed on a half-duplex in St. Albert and still have savings left.",
  },
  {
    id: 14,
    name: "Owen MacLeod",
    role: "Home Buyer",
    rating: 5,
    text: "We looked for almost a year in a tight market. Jordan never lost enthusiasm, and when the right house in Leduc came up we were ready with everything in place.",
  },
];
