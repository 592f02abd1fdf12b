/**
 * npm run inbox -- invite [EMAIL]   prints a one-time set-up link for the inbox (valid 24 hours),
 *                                   for the agent's first account or an assistant's
 *
 * Uses the server's database (DATABASE_URL, else PGlite in DATA_DIR). With the embedded database
 * the running site holds it; then make the link in the inbox (Account page) instead.
 */
import { createInvite, inviteLink } from "../app/lib/server/inbox/accounts.server";
import { siteUrlOf } from "../platform/config";
import { openScriptDatabase } from "./script-database";

const [command, email] = process.argv.slice(2);
if (command !== "invite" || (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))) {
  console.error("Usage: npm run inbox -- invite [EMAIL]");
  process.exit(2);
}
const { db, config } = await openScriptDatabase(" Or, signed in to the inbox, make the link on its Account page.");
try {
  const { token, expiresAt } = await createInvite(db, { email });
  console.log(
    `Set-up link${email ? ` for ${email}` : ""} (works once, until ${expiresAt.toISOString()}): ${inviteLink(siteUrlOf(config), token)}`,
  );
} finally {
  await db.close();
}
