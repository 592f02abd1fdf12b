/**
 * An SMTP server in the test worker that the spec's own server sends its mail to, each message
 * parsed by a real MIME parser (mailparser) as a mail program would read it.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export class SmtpPeer {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw)
            .then((parsed) => {
              this.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The mails to `address` whose subject matches. */
  to(address: string, subject: RegExp): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ""));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}
