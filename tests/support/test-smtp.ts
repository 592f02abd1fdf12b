/**
 * Test support (not a test) for the notification outbox tests: an SMTP server in the test
 * process that keeps what it receives (or refuses, or holds it before answering), helpers to
 * read the raw messages, and the fast worker options the outbox test files share.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach } from "vitest";

/** An SMTP server in the test process that keeps what it receives. */
export class TestSmtp {
  readonly messages: { to: string[]; raw: string }[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Messages held before the server's answer (see `hold`), with the function that answers them. */
  readonly held: { raw: string; release: () => void }[] = [];
  constructor(private readonly options: { rejectWith?: number; hold?: (raw: string) => boolean } = {}) {}

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.options.rejectWith) {
          const error = Object.assign(new Error("mailbox unavailable"), { responseCode: this.options.rejectWith });
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const accept = () => {
            this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          };
          // A held message is answered later: the sender waits for the server's acceptance.
          if (this.options.hold?.(raw)) this.held.push({ raw, release: accept });
          else accept();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** The readable text of a raw message: quoted-printable soft breaks and escapes undone. */
export function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export const quiet = { info() {}, warn() {}, error() {} };
export const fast = { pollMs: 20, maxAttempts: 5, backoffBaseMs: 30, backoffMaxMs: 100, log: quiet };
export const mailOptions = (smtpUrl: string) => ({
  smtpUrl,
  mailDir: "unused",
  from: "site@averyhomes.example",
  to: "agent@averyhomes.example",
});

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * For a test file: a function that starts an SMTP server (on `port`, or any free one) and stops
 * every server it started after each test. Call it at the top of the file.
 */
export function smtpServersForThisFile(): (options?: ConstructorParameters<typeof TestSmtp>[0], port?: number) => Promise<TestSmtp> {
  const smtps: TestSmtp[] = [];
  afterEach(async () => {
    for (const s of smtps.splice(0)) await s.stop();
  });
  return async function smtp(options, port) {
    const s = new TestSmtp(options);
    await s.start(port);
    smtps.push(s);
    return s;
  };
}
