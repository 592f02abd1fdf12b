/** One submission on a person's timeline: every field as sent, its e-mail's delivery, its consent. */
import { Form, Link } from "react-router";
import { submissionLabel } from "~/lib/forms";
import { SERVICE_LABELS, Time } from "./inbox-ui";
import { buyerFiguresOf, buyerFiguresSentence } from "~/lib/buyer-figures";
import type { Submission } from "~/lib/inbox";
import { formatCurrency } from "~/lib/format";
import { valuationHomeOf } from "~/lib/leads";

const FIELD_LABELS: Record<string, string> = {
  fullName: "Full name",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  serviceType: "Service",
  comments: "Comments",
  message: "Message",
  note: "Note",
};

const DELIVERY: Record<Submission["notification"]["status"], string> = {
  pending: "E-mail to you queued",
  sending: "E-mail to you being sent",
  sent: "E-mail to you sent",
  failed: "E-mail to you failed",
  withheld: "E-mail withheld (no consent)",
};

const ACKNOWLEDGEMENT: Record<NonNullable<Submission["acknowledgement"]>["status"], string> = {
  pending: "Acknowledgement to them queued",
  sending: "Acknowledgement to them being sent",
  sent: "Acknowledgement to them sent",
  failed: "Acknowledgement to them failed",
  withheld: "Acknowledgement to them withheld",
};

/** The home a listing page's inquiry was about (payload.listing), if this submission has one. */
function homeOf(fields: Record<string, unknown>): { address: string; mlsNumber: string | null; path: string | null } | null {
  const l = fields.listing;
  if (!l || typeof l !== "object") return null;
  const { address, mlsNumber, path } = l as Record<string, unknown>;
  return {
    address: typeof address === "string" ? address : "",
    mlsNumber: typeof mlsNumber === "string" && mlsNumber ? mlsNumber : null,
    // Only a listing page of this site is linked (the payload came from a visitor's request).
    path: typeof path === "string" && path.startsWith("/listings/") ? path : null,
  };
}

export function SubmissionCard({ submission: s }: { submission: Submission }) {
  const fields = Object.entries(FIELD_LABELS).filter(([key]) => s.fields[key] != null && s.fields[key] !== "");
  const home = homeOf(s.fields);
  const figures = home ? buyerFiguresOf(s.fields.figures) : null;
  const valued = valuationHomeOf(s.fields.home);
  const label = submissionLabel(s.source, s.fields);
  return (
    <article className="rounded-md border border-line p-3" aria-label={`${label} submission`}>
      <p className="text-sm text-ink-muted">
        <Time date={s.createdAt} /> · {label}
      </p>
      {home && (
        <p className="mt-1 text-sm" data-testid="inquiry-home">
          About the home{" "}
          {home.path ? (
            <Link to={home.path} className="font-bold text-brand underline">
              {home.address}
            </Link>
          ) : (
            <span className="font-bold">{home.address}</span>
          )}
          {home.mlsNumber ? ` · MLS® ${home.mlsNumber}` : ""}
        </p>
      )}
      {valued && (
        <div className="mt-1 text-sm" data-testid="valuation-home">
          <p>
            Evaluation of{" "}
            <Link to={valued.path} className="font-bold text-brand underline">
              {valued.address}
            </Link>{" "}
            · City account {valued.account}
          </p>
          <p>
            {`Assessment ${formatCurrency(valued.assessed)} (${valued.rollYear} roll) · estimate shown ${
              valued.estimate
                ? `${formatCurrency(valued.estimate.low)} – ${formatCurrency(valued.estimate.high)}`
                : "none (too few comparable homes)"
            } · may sell: ${valued.timeline || "not said"}`}
          </p>
        </div>
      )}
      {figures && (
        <p className="mt-1 text-sm" data-testid="inquiry-figures">
          <span className="font-bold">Their figures:</span> {buyerFiguresSentence(figures)}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map(([key, label]) => (
          <div key={key} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd className="whitespace-pre-wrap break-words">
              {key === "serviceType" ? (SERVICE_LABELS[String(s.fields[key])] ?? String(s.fields[key])) : String(s.fields[key])}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="delivery">
        <span className={s.notification.status === "failed" ? "font-bold text-danger" : "text-ink-muted"}>
          {DELIVERY[s.notification.status]}
          {s.notification.sentAt && (
            <>
              {" "}
              <Time date={s.notification.sentAt} />
            </>
          )}
          {s.notification.status === "failed" && s.notification.lastError ? `: ${s.notification.lastError}` : ""}
        </span>
        {s.notification.status === "failed" && (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="notificationId" value={s.id} />
            <button type="submit" className="min-h-11 px-2 font-bold text-brand underline">
              Send again
            </button>
          </Form>
        )}
      </div>
      {s.acknowledgement && (
        <p className="mt-1 text-sm text-ink-muted" data-testid="acknowledgement">
          {ACKNOWLEDGEMENT[s.acknowledgement.status]}
          {(s.acknowledgement.status === "withheld" || s.acknowledgement.status === "failed") && s.acknowledgement.lastError
            ? `: ${s.acknowledgement.lastError}`
            : ""}
        </p>
      )}
      {s.consent && (
        <details className="mt-2 text-sm">
          <summary className="min-h-11 cursor-pointer content-center font-bold text-brand">
            Consent given (version {s.consent.version})
          </summary>
          <div className="mt-1 space-y-1 rounded bg-surface-muted p-2">
            <p>
              <Time date={s.createdAt} /> from {s.consent.address ?? "an unknown address"}
              {s.consent.userAgent ? ` (${s.consent.userAgent})` : ""}
            </p>
            <blockquote className="border-l-2 border-line pl-2 italic">{s.consent.text}</blockquote>
          </div>
        </details>
      )}
    </article>
  );
}
