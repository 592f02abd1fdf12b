/** How many of the agent's own listings the home page and /about show (the "My listings" section). */
export const AGENT_LISTINGS_SHOWN = 6;
