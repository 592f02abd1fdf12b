/**
 * The Node options the production server runs with: `npm run serve` (package.json) and the systemd
 * unit (deploy/agent-site.service), both kept in step by node-options.test.ts, and every script and
 * test suite that starts BUILD_DIR/server.js itself.
 *
 * - `--max-old-space-size=384`: V8 sizes its heap from the machine's memory and, with gigabytes
 *   free, let the old generation fill with garbage to 230 MB before collecting it (about 50 MB of
 *   it live): a flood of distinct addresses took the server to 520 MB resident, against 380 MB
 *   with this limit (issue 38, decision 043). It bounds what is collected, not what is kept: seven
 *   times the live heap, which a renders' flood never came near.
 * - `--heap-growing-percent=100`: the old generation may grow to twice what the last full
 *   collection left before the next one, where V8 chose about 1.4 times for this heap. Each full
 *   collection marks the whole live heap (about 50 MB) in some 20 ms of steps that land inside
 *   whichever request is being rendered; at every 60th render or so they were the one-at-a-time
 *   p99. Twice the room makes them less than half as frequent, for about 20 MB more resident
 *   (decision 063). The limit above still bounds it.
 * - `--enable-source-maps`: a stack trace names server/… and app/… lines, not server.js's.
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ["--max-old-space-size=384", "--heap-growing-percent=100", "--enable-source-maps"];
