/**
 * The listing widget's fixed texts, word for word from spec/site.md (§2 listing pages, §8).
 * Tests import them too, so a changed word fails loudly.
 */

/** Shown in the widget's box until the widget has rendered (spec §4, §8). */
export const WIDGET_LOADING_TEXT = "Loading RealtyVis widget...";

/** The red box shown when the widget script cannot be loaded (spec §8). */
export const WIDGET_ERROR_TEXT = "Error loading RealtyVis widget. Please try again later.";

/** The tip line above every area widget (spec §2 "Listing pages"). */
export const GET_NOTIFIED_TIP =
  "TIP: USE 'GET NOTIFIED' BUTTON BELOW TO SET AN AUTO E-ALERT AND WE'LL SEND ALL NEW LISTINGS MATCHING YOUR SEARCH CRITERIA STRAIGHT TO YOUR EMAIL.";
