/**
 * Form submissions as a browser sends them (urlencoded POST with the site's Origin), each from
 * an address of its own (X-Forwarded-For, trusted from loopback) so the rate limit never
 * interferes unless a test wants it to.
 */
let clientCounter = 0;

/** A documentation-range address (RFC 5737), different for each call. */
export function nextClientIp(): string {
  clientCounter += 1;
  return `203.0.${113 + (Math.floor(clientCounter / 250) % 10)}.${(clientCounter % 250) + 1}`;
}

export interface SubmissionOutcome {
  kind: "contact" | "lead";
  email: string;
  /** HTTP status, or 0 when the connection failed (no answer at all). */
  status: number;
  body: string;
}

let submissionCounter = 0;

export function contactFields(email: string, n: number): Record<string, string> {
  return {
    name: `Fault Visitor ${n}`,
    email,
    phone: "780-555-0101",
    message: `Fault-suite message ${n}: is the bungalow still available?`,
    website: "",
  };
}

export function leadFields(email: string, n: number): Record<string, string> {
  return {
    fullName: `Fault Lead ${n}`,
    email,
    phone: "780-555-0102",
    serviceType: ["buying", "selling", "buying_and_selling"][n % 3]!,
    comments: "",
    website: "",
  };
}

/** Submits one contact (even n) or lead (odd n) through the fetcher endpoint (/contact.data, /welcome.data), as JavaScript would. */
export async function submitOne(
  origin: string,
  tag: string,
  options: { kind?: "contact" | "lead"; document?: boolean; timeoutMs?: number } = {},
): Promise<SubmissionOutcome> {
  const n = submissionCounter++;
  const kind = options.kind ?? (n % 2 === 0 ? "contact" : "lead");
  const email = `${tag}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const fields = kind === "contact" ? contactFields(email, n) : leadFields(email, n);
  const path = (kind === "contact" ? "/contact" : "/welcome") + (options.document ? "" : ".data");
  try {
    const res = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": nextClientIp() },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return { kind, email, status: res.status, body: await res.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind, email, status: 0, body: `${(error as Error).message}: ${cause?.code ?? cause?.message ?? ""}` };
  }
}

/**
 * Keeps `concurrency` submissions going until `stop()`; every outcome is recorded, so a test can
 * tell the acknowledged (HTTP 200) from the refused and the unanswered.
 */
export function submissionStream(origin: () => string, tag: string, concurrency = 3) {
  const outcomes: SubmissionOutcome[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const outcome = await submitOne(origin(), tag, { timeoutMs: 10_000 });
      outcomes.push(outcome);
      // A refused connection answers at once: do not spin while the server is down.
      if (outcome.status === 0) await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    outcomes,
    acknowledged: () => outcomes.filter((o) => o.status === 200),
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}
