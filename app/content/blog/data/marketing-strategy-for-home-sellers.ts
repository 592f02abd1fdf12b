/** Typed content of the seller marketing-strategy article (spec/blog.md §3: marketing card). */
import type { LucideIcon } from "lucide-react";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Globe from "lucide-react/icons/globe";
import MessageSquareReply from "lucide-react/icons/message-square-reply";
import Share2 from "lucide-react/icons/share-2";

export interface CardColours {
  /** Icon tile background and icon colour, light and dark. */
  iconBg: string;
  iconText: string;
  /** Card border accent. */
  border: string;
}

export interface MarketingCard {
  title: string;
  icon: LucideIcon;
  colours: CardColours;
  points: readonly string[];
}

export const marketingCards: readonly MarketingCard[] = [
  {
    title: "Pre-listing preparation",
    icon: ClipboardCheck,
    colours: {
      iconBg: "bg-emerald-100 dark:bg-emerald-950",
      iconText: "text-emerald-800 dark:text-emerald-300",
      border: "border-t-emerald-600 dark:border-t-emerald-400",
    },
    points: [
      "A pricing plan built from a comparative market analysis of recent sales near you",
      "A walk-through with a short list of repairs and touch-ups that are worth the money, and those that aren't",
      "Decluttering and staging advice, room by room",
      "Professional photography, with measurements and floor plans where they help",
      "Paperwork gathered early: Real Property Report, permits, condo documents, utility costs",
    ],
  },
  {
    title: "Online marketing exposure",
    icon: Globe,
    colours: {
      iconBg: "bg-sky-100 dark:bg-sky-950",
      iconText: "text-sky-800 dark:text-sky-300",
      border: "border-t-sky-600 dark:border-t-sky-400",
    },
    points: [
      "Your listing on the MLS® System, which feeds REALTOR.ca and the brokerage websites buyers search",
      "A listing description written for buyers first and search engines second",
      "Your home featured on this website's search and new-listing pages",
      "Virtual tour or video where the home suits it",
    ],
  },
  {
    title: "Social media marketing",
    icon: Share2,
    colours: {
      iconBg: "bg-fuchsia-100 dark:bg-fuchsia-950",
      iconText: "text-fuchsia-800 dark:text-fuchsia-300",
      border: "border-t-fuchsia-600 dark:border-t-fuchsia-400",
    },
    points: [
      "Posts and short videos on my Facebook, Instagram and YouTube channels",
      "Paid ads shown to people in and around Edmonton who match the likely buyers of your home",
      "Coming-soon and open-house posts that build interest before and during launch week",
      "Every comment and message answered, usually the same day",
    ],
  },
  {
    title: "Buyer lead follow-up",
    icon: MessageSquareReply,
    colours: {
      iconBg: "bg-amber-100 dark:bg-amber-950",
      iconText: "text-amber-800 dark:text-amber-300",
      border: "border-t-amber-600 dark:border-t-amber-400",
    },
    points: [
      "Every enquiry from ads, signs and websites answered personally and quickly",
      "Buyers' agents called after showings to ask what their clients thought",
      "Open-house visitors followed up the next day",
      "Buyers on my own instant-update lists told the moment your home goes live",
    ],
  },
];

export interface ReportItem {
  title: string;
  description: string;
}

export const reporting: readonly ReportItem[] = [
  {
    title: "Weekly seller updates",
    description:
      "Every week, a short summary from me: showings, online views, enquiries, new competing listings and recent sales nearby, and what I recommend next.",
  },
  {
    title: "Ad performance reports",
    description:
      "How your social media ads are doing: how many people saw them and how many clicked through to your listing, so we can tell what's working.",
  },
  {
    title: "Showing feedback",
    description:
      "What buyers and their agents said after each showing, passed on unedited. If the same comment keeps coming up, we deal with it.",
  },
];
