import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.server";
import type { OutboxNotification } from "./outbox.server";
import { decoded, header } from "../../../../tests/support/test-smtp";

// The .eml mailer on its own (delivery through the outbox is in outbox.server.test.ts).

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function notification(id: number, name = "File Person"): OutboxNotification {
  return {
    id,
    recipient: null,
    kind: "contact",
    source: "contact_form",
    payload: {
      name,
      email: "file@example.com",
      phone: null,
      message: "Is it still for sale?",
      submittedAt: "2026-11-23T18:30:00.000Z",
      contactId: id,
    },
    message_id: `<contact-${id}@averyhomes.example>`,
    attempts: 1,
    created_at: new Date("2026-11-23T18:30:00.000Z"),
  };
}

describe("the .eml mailer", () => {
  it("makes its folder when it is missing, on the first delivery and after someone cleared it", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "agent-site-mail-"));
    folders.push(root);
    const dir = path.join(root, "mail");
    const mailer = createMailer({ mailDir: dir, from: "site@averyhomes.example", to: "agent@averyhomes.example" });
    await mailer.deliver(notification(1));
    expect(readdirSync(dir)).toEqual(["20261123T183000Z-contact-1.eml"]);
    rmSync(dir, { recursive: true });
    await mailer.deliver(notification(2));
    expect(readdirSync(dir)).toEqual(["20261123T183000Z-contact-2.eml"]);
  });

  it("writes every part quoted-printable, with the submission time in Edmonton time", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-mail-"));
    folders.push(dir);
    const mailer = createMailer({ mailDir: dir, from: "site@averyhomes.example", to: "agent@averyhomes.example" });
    await mailer.deliver(notification(3, "Zoë Ōtani 王秀英"));
    const raw = readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8");
    expect(raw).not.toMatch(/Content-Transfer-Encoding: base64/i);
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(header(raw, "Message-ID")).toBe("<contact-3@averyhomes.example>");
    const text = Buffer.from(decoded(raw), "latin1").toString("utf8");
    expect(text).toContain("Zoë Ōtani 王秀英");
    expect(text).toContain("November 23, 2026 at 11:30 a.m. (Edmonton time)");
  });
});
