/**
 * The texts of spec/site.md §8 for the two forms, word for word, plus the few messages the
 * spec does not cover (field messages for input that bypassed the browser's checks, the rate
 * limit). Shared by the route components (toasts, no-JavaScript result) and the server.
 */
import { site } from "./site";

export const contactMessages = {
  successTitle: "Message Sent Successfully!",
  successDescription: "Thank you for contacting us. We'll get back to you within 24 hours.",
  errorTitle: "Error",
  /** Contact submit failure. */
  failure: `There was a problem sending your message. Please try again or call us directly at ${site.agent.phone}.`,
  /** The database refused the write for lack of permission (row-level security, grants). */
  permissions: `Database permissions issue. Please contact support at ${site.agent.phone}.`,
  /** The e-mail already exists but its contact could not be read back. */
  duplicateLookup: "Unable to process your request. Please try again.",
} as const;

/**
 * "Get my in-person evaluation" (issue 43; the spec has no texts for it): the contact form's
 * failure texts, its own words of success.
 */
/** "I'll be there" for an open house (issue 44; the spec has no texts for it): the contact form's failure texts, its own words. */
export const openHouseRsvpMessages = {
  ...contactMessages,
  successTitle: "See you there!",
  successDescription: "Thank you. Check your e-mail: you will get a reminder the morning of the open house.",
  /** The open house has ended. */
  over: "This open house is over. Please pick another one or book a showing.",
  /** No open house of this home has this key (or the home is gone). */
  unknown: "This open house is not on the calendar any more. Please check the home's page for its open houses.",
} as const;

export const valuationMessages = {
  ...contactMessages,
  successTitle: "Request Sent!",
  successDescription: `Thank you. ${site.agent.firstName} will contact you within 24 hours to arrange your in-person evaluation.`,
} as const;

export const leadMessages = {
  successTitle: "Thank you!",
  successDescription: "We've received your information and will be in touch soon.",
  errorTitle: "Error",
  failure: "Something went wrong. Please try again.",
} as const;

/** HTTP 429 answer to a visitor who submitted too many forms in a short time. */
export const rateLimitMessage = `You've sent several requests in a short time. Please wait a few minutes and try again, or call us directly at ${site.agent.phone}.`;

/** Shown above the fields when the server found a problem with what was typed. */
export const checkFieldsMessage = "Please check the highlighted fields and try again.";

/** "Book a showing" (issue 44): what the booking page says. */
export const showingMessages = {
  successTitle: "Showing requested",
  successDescription: "Your time is held. Check your e-mail: you will get a calendar invitation as soon as it is confirmed.",
  errorTitle: "Error",
  failure: `There was a problem booking your showing. Please try again or call us directly at ${site.agent.phone}.`,
  /** The slot was taken between the page and the post (the database's unique slot refused it). */
  taken: "Someone just booked that time. Please pick one of the times still free.",
  /** A time that is past, or that was never offered. */
  notOffered: "That time is not available. Please pick one of the times shown.",
  /** The home is under contract, pending or gone. */
  notForSale: "This home is no longer for sale, so showings cannot be booked.",
} as const;
