/**
 * Passkeys against the real database (PGlite here; CI runs this file again on PostgreSQL), with a
 * software authenticator: registering one and signing in with it.
 */
import { describe, expect, it } from "vitest";
import { softPasskey } from "../../../../tests/support/soft-authenticator";
import { usingPostgres } from "../../../../tests/support/test-database";
import { accountsTestDatabase } from "../../../../tests/support/inbox-accounts";
import { registerPasskey, registrationOptions, relyingPartyOf, signInOptions, verifyPasskeySignIn } from "./passkeys.server";

const { t, firstAccount } = accountsTestDatabase();

describe(`passkeys (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  const rp = relyingPartyOf("https://agent.example");

  it("registers a passkey and signs in with it; a replayed challenge, another origin or an unknown key fail", async () => {
    const account = await firstAccount();
    const key = softPasskey();
    const options = await registrationOptions(t.db, rp, account);
    expect(options.rp.id).toBe("agent.example");
    expect(await registerPasskey(t.db, rp, account, key.register(options, rp.origin, rp.id) as never)).toBe(true);
    // The same challenge cannot register again.
    expect(await registerPasskey(t.db, rp, account, key.register(options, rp.origin, rp.id) as never)).toBe(false);

    const signIn = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(signIn, rp.origin, rp.id) as never)).toEqual(account);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(signIn, rp.origin, rp.id) as never)).toBeNull();

    const again = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(again, "https://evil.example", rp.id) as never)).toBeNull();
    const third = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, softPasskey().authenticate(third, rp.origin, rp.id) as never)).toBeNull();
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate({ challenge: "made-up" }, rp.origin, rp.id) as never)).toBeNull();
  });
});
