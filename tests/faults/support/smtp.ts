/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps every message
 * it accepts, and can be stopped and started again on the same port to play an outage.
 */
import { SMTPServer } from "smtp-server";
import { HOST } from "./ports";

export interface ReceivedMail {
  messageId: string;
  replyTo: string;
  notificationId: string;
  /** The raw message, as sent (headers and MIME body). */
  raw: string;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  /** Milliseconds to wait before accepting each message (a slow server). */
  delayMs = 0;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://${HOST}:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 200,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          setTimeout(() => {
            this.received.push({
              messageId: header(raw, "Message-ID"),
              replyTo: header(raw, "Reply-To")
                .replace(/^.*<([^>]+)>.*$/, "$1")
                .toLowerCase(),
              notificationId: header(raw, "X-Notification-Id"),
              raw,
            });
            callback();
          }, this.delayMs);
        });
      },
    });
    server.on("error", () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(this.port, HOST, () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and drops open connections: clients see refused connections until `start`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages whose Reply-To is `address` (each submission in the suites uses its own address). */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.replyTo === address.toLowerCase());
  }
}

/** One header's value, unfolded. */
export function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}
