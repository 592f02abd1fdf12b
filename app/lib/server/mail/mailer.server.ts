/**
 * Delivers notification e-mail: over SMTP when SMTP_URL is set, otherwise as .eml files in
 * DATA_DIR/mail (one file per notification, named after it, so a retry rewrites the same file).
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { emailOf } from "./email-of.server";
import type { OutboxNotification } from "./outbox.server";

export interface Mailer {
  /** Where mail goes, for logs: "smtp://host:port" or the mail folder. */
  readonly description: string;
  deliver(notification: OutboxNotification): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  to: string;
  /** The site's origin, for the agent's mails that link into the inbox (a person warming up). */
  siteUrl?: string;
}

/** The receiving server refused the message for good (SMTP 5xx): retrying would not help. */
export class PermanentDeliveryError extends Error {
  override name = "PermanentDeliveryError";
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : fileMailer(options);
}

function messageOf(n: OutboxNotification, options: MailerOptions): Mail.Options {
  const email = emailOf(n, options.to, options.siteUrl);
  return {
    from: options.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    date: email.date,
    headers: email.headers,
    // The invitation both as the text/calendar alternative mail programs offer to add (with its
    // METHOD) and as an attached file for those that show only attachments.
    ...(email.calendar
      ? {
          icalEvent: { method: email.calendar.method, filename: "invitation.ics", content: email.calendar.content },
          attachments: [{ filename: "invitation.ics", content: email.calendar.content, contentType: "application/ics" }],
        }
      : {}),
    // Chosen rather than guessed: left unset, nodemailer picks quoted-printable or base64 per part
    // by matching every letter of it into an array (about a third of the CPU a message costs). The
    // notifications are mostly ASCII, for which quoted-printable is the natural encoding, and it
    // keeps an .eml readable in a text editor.
    textEncoding: "quoted-printable",
  };
}

function smtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  // Bounded waits: a hung SMTP server must not hold a notification forever.
  Object.assign(transport.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const url = new URL(smtpUrl);
  return {
    description: `${url.protocol}//${url.hostname}:${url.port || "(default port)"}`,
    async deliver(n) {
      try {
        await transport.sendMail(messageOf(n, options));
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (typeof code === "number" && code >= 500 && code < 600) {
          throw new PermanentDeliveryError(`SMTP server refused the message (${code}): ${(error as Error).message}`, { cause: error });
        }
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}

function fileMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: options.mailDir,
    async deliver(n) {
      const info = await transport.sendMail(messageOf(n, options));
      const raw = info.message as Buffer;
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, emlFileName(n));
      // Written whole, then renamed: a reader never sees half a message.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, raw);
      await rename(tmp, file);
    },
    close() {
      transport.close();
    },
  };
}

export function emlFileName(n: Pick<OutboxNotification, "id" | "kind" | "created_at">): string {
  const stamp = n.created_at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${stamp}-${n.kind}-${n.id}.eml`;
}
