/** Sizes and timings of the listings widget, kept apart so tests can import them without the browser code. */

/**
 * Box heights reserved for the widgets. The box never grows or shrinks with the widget (it
 * scrolls inside instead), so the loading text, the widget and the error box all take the same
 * space and nothing below them moves: the pages keep a cumulative layout shift of 0.
 */
export const WIDGET_HEIGHT = {
  search: 720,
  newListings: 600,
} as const;

/**
 * A script that neither loads nor fails (a hung connection) would leave the loading text up for
 * minutes; after this long the error box shows instead. Should the widget still arrive later,
 * it replaces the error box.
 */
export const WIDGET_TIMEOUT_MS = 20_000;
