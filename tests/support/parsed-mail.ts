/**
 * Test support (not a test): an outbox row delivered by the real mailer to an .eml file and read
 * back with a real MIME parser (mailparser), so the tests see what a mail program sees: decoded
 * parts, headers, and the links of the HTML part.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { createMailer } from "../../app/lib/server/mail/mailer.server";
import type { OutboxNotification } from "../../app/lib/server/mail/outbox.server";

export const AGENT = "agent@averyhomes.example";
export const ORIGIN = "https://www.averyhomes.example";

export interface Delivered {
  raw: string;
  parsed: ParsedMail;
  text: string;
  html: string;
  /** Every href and src of the HTML part, entities undone. */
  links: string[];
  header(name: string): string | undefined;
}

export async function deliveredMail(n: OutboxNotification): Promise<Delivered> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-parsed-mail-"));
  try {
    await createMailer({ mailDir: dir, from: "site@averyhomes.example", to: AGENT }).deliver(n);
    const raw = readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8");
    const parsed = await simpleParser(raw);
    const html = typeof parsed.html === "string" ? parsed.html : "";
    const links = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    const header = (name: string) => {
      const value = parsed.headers.get(name.toLowerCase());
      return value === undefined ? undefined : typeof value === "string" ? value : JSON.stringify(value);
    };
    return { raw, parsed, text: parsed.text ?? "", html, links, header };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the HTML part of a mail must never hold: scripts, event handlers, script links, CSS classes (mail programs drop the styles they name). */
export const UNSAFE_HTML = /<script|\son\w+\s*=|javascript:|\sclass="/i;
