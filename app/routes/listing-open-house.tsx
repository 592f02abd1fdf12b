import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/listing-open-house";
import { Honeypot } from "~/components/forms/fields";
import { VisitorFields } from "~/components/forms/visitor-fields";
import { NotFoundContent } from "~/components/not-found-content";
import { Button } from "~/components/ui/button";
import { openHouseRsvpMessages } from "~/content/form-messages";
import type { FormResult } from "~/lib/form-result";
import { listingKeyOf } from "~/lib/listings";
import type { OpenHouseRsvpField } from "~/lib/schemas/open-house-rsvp";
import { pageMeta } from "~/lib/seo";
import { answerOpenHouseRsvpPost } from "~/lib/server/leads/contact-post.server";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { openHouseToRsvp } from "~/lib/server/leads/open-house-rsvp.server";
import { serverContext } from "~/router-context";

/**
 * /listings/{ListingKey}-{slug}/open-house/{OpenHouseKey}: "I'll be there" for an open house of
 * the feed (issue 44). The listing page and /open-house link here, so the form's code loads only
 * when a visitor opens it; it works without JavaScript (a plain POST answered by this page). The
 * POST is a form of the registry ("openHouse", of the contact kind), under the form quota; an
 * open house that is over answers 410, one that is unknown 404, before anything is written.
 */
type Loaded =
  | { openHouse: { address: string; when: string; path: string; key: string }; refused: null }
  | { openHouse: null; refused: "unknown" | "over" };

async function find(context: Route.LoaderArgs["context"], segment: string, openHouseKey: string) {
  const feed = context.get(serverContext)?.listings;
  const key = listingKeyOf(segment);
  if (!feed || !key) return { ok: false as const, reason: "unknown" as const };
  return openHouseToRsvp(feed.db, key, openHouseKey);
}

const refusalStatus = { unknown: 404, over: 410 } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await find(context, params.slug ?? "", params.openHouseKey ?? "");
  if (!found.ok) return data<Loaded>({ openHouse: null, refused: found.reason }, { status: refusalStatus[found.reason] });
  const { address, when, path, key } = found.openHouse;
  return data<Loaded>({ openHouse: { address, when, path, key }, refused: null });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

/** One unit of the visitor's form quota per POST, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await find(context, params.slug ?? "", params.openHouseKey ?? "");
  if (!found.ok)
    return data(
      { status: "error" as const, message: openHouseRsvpMessages[found.reason], values: null },
      { status: refusalStatus[found.reason] },
    );
  return answerOpenHouseRsvpPost(request, context, found.openHouse);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const o = loaderData?.openHouse;
  if (!o) return pageMeta({ title: "Open house", description: "This open house is not available.", path: "/open-house", noindex: true });
  return pageMeta({
    title: `Open house: ${o.address}`,
    description: `Tell Jordan Avery you will come to the open house at ${o.address}, ${o.when}.`,
    path: `${o.path}/open-house/${encodeURIComponent(o.key)}`,
    noindex: true,
  });
};

export default function ListingOpenHouse({ loaderData: loaded, actionData }: Route.ComponentProps) {
  const result = (actionData ?? null) as FormResult<OpenHouseRsvpField> | null;
  if (!loaded.openHouse) {
    if (loaded.refused === "unknown") return <NotFoundContent />;
    return (
      <article className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Open house</h1>
        <p className="mt-6 rounded-md border border-line bg-surface p-4 text-ink" role="alert">
          {openHouseRsvpMessages.over}{" "}
          <Link to="/open-house" className="font-bold text-brand underline">
            See upcoming open houses
          </Link>
        </p>
      </article>
    );
  }
  const o = loaded.openHouse;
  return (
    <article className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere">I&apos;ll be there</h1>
      <p className="mt-1 text-lg text-ink-muted wrap-anywhere">
        Open house at {o.address}: {o.when} (Edmonton time)
      </p>
      {result?.status === "success" ? (
        <div className="mt-6 rounded-md border border-line bg-surface p-4" role="status" data-testid="open-house-rsvp-done">
          <h2 className="text-lg font-bold text-ink">{openHouseRsvpMessages.successTitle}</h2>
          <p className="mt-1 text-ink">{openHouseRsvpMessages.successDescription}</p>
          <p className="mt-3">
            <Link to={o.path} className="font-bold text-brand underline">
              Back to the home
            </Link>
          </p>
        </div>
      ) : (
        <RsvpForm result={result} />
      )}
    </article>
  );
}

function RsvpForm({ result }: { result: FormResult<OpenHouseRsvpField> | null }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.status === "invalid" ? result.fieldErrors : {};
  const values = result && result.status !== "success" ? result.values : null;
  const message = result && result.status !== "success" ? result.message : null;
  return (
    <Form method="post" className="mt-6 space-y-5" data-testid="open-house-rsvp-form">
      {message && (
        <p className="rounded-md border border-danger p-3 text-danger" role="alert">
          {message}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-5">
        <VisitorFields idPrefix="rsvp" phoneRequired={false} errors={errors} values={values} />
        <Honeypot idPrefix="rsvp" />
        <Button type="submit" className="w-full">
          {busy ? "Sending..." : "I'll be there"}
        </Button>
      </fieldset>
    </Form>
  );
}
