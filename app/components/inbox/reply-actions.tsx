/** The person page's one-tap answers: Call, Text and Reply by e-mail, big enough for a thumb. */
import { site } from "~/content/site";
import type { Submission } from "~/lib/inbox";
import { type LatestMessage, replyLinks } from "~/lib/inbox-reply-links";
import { formatWhen } from "./inbox-ui";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** What the e-mail quotes: their newest submission's message or comments, and the home it asked about. */
export function latestMessageOf(submission: Submission | undefined): LatestMessage | null {
  if (!submission) return null;
  const listing = submission.fields.listing;
  const address = listing && typeof listing === "object" ? text((listing as Record<string, unknown>).address) : "";
  return {
    text: text(submission.fields.message) || text(submission.fields.comments),
    when: formatWhen(submission.createdAt),
    listingAddress: address || null,
  };
}

const button = "inline-flex min-h-11 min-w-11 grow items-center justify-center rounded-md px-4 font-bold sm:grow-0";

export function ReplyActions({
  person,
  latest,
}: {
  person: { name: string; email: string; phone: string | null };
  latest: Submission | undefined;
}) {
  const links = replyLinks(person, latestMessageOf(latest), { agentName: site.agent.name, brokerage: site.brokerage.name });
  return (
    <div className="mt-4" data-testid="reply-actions">
      <div className="flex flex-wrap gap-2">
        {links.call && (
          <a href={links.call} className={`${button} bg-brand text-on-brand`}>
            Call
          </a>
        )}
        {links.text && (
          <a href={links.text} className={`${button} border border-brand text-brand`}>
            Text
          </a>
        )}
        <a href={links.email} className={`${button} border border-brand text-brand`}>
          Reply by e-mail
        </a>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-ink-muted">
        <span className="break-all">{person.email}</span>
        {person.phone && <span>{person.phone}</span>}
      </p>
    </div>
  );
}
