import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/listing-showing";
import { Honeypot, TextAreaField } from "~/components/forms/fields";
import { SlotPicker } from "~/components/forms/slot-picker";
import { VisitorFields } from "~/components/forms/visitor-fields";
import { NotFoundContent } from "~/components/not-found-content";
import { Button } from "~/components/ui/button";
import { showingMessages } from "~/content/form-messages";
import type { FormResult } from "~/lib/form-result";
import type { ShowingField } from "~/lib/schemas/showing";
import { LIMITS } from "~/lib/schemas/limits";
import { pageMeta } from "~/lib/seo";
import { type SlotDay, slotDays } from "~/lib/showing-slots";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { inquiryListingOf, listingOfSegment } from "~/lib/server/http/listing-page.server";
import { answerShowingPost } from "~/lib/server/showings/showing-post.server";
import { isBookable, offerNow } from "~/lib/server/showings/offer.server";
import { serverOf } from "~/router-context";

/**
 * /listings/{ListingKey}-{slug}/showing: "Book a showing" (issue 44). The listing page links here,
 * so the form and its code load only when a buyer opens it, and it works the same without
 * JavaScript (a plain form POST answered by this page). The times are the slots free now, in
 * Edmonton time; the POST is one public form of the registry ("showing"), under the form quota.
 */
type Loaded =
  | { listing: { key: string; path: string; place: string }; forSale: true; days: SlotDay[]; lengthMinutes: number }
  | { listing: { key: string; path: string; place: string }; forSale: false }
  | { listing: null };

export async function loader({ params, context }: Route.LoaderArgs) {
  const segment = params.slug ?? "";
  const found = await listingOfSegment(context, segment);
  if (!found) return data<Loaded>({ listing: null }, { status: 404 });
  if ("gone" in found) return data<Loaded>({ listing: null }, { status: 410 });
  if (`/listings/${segment}` !== found.path) throw redirect(`${found.path}/showing`, 301);
  const listing = { key: found.key, path: found.path, place: [found.address, found.city].filter(Boolean).join(", ") };
  if (!isBookable(found.status)) return data<Loaded>({ listing, forSale: false }, { status: 410 });
  const offer = await offerNow(serverOf(context).leads.db);
  return data<Loaded>({ listing, forSale: true, days: slotDays(offer.slots), lengthMinutes: offer.settings.availability.lengthMinutes });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

export const handle = {
  breadcrumb: (loaded: unknown): string | null => {
    const listing = (loaded as Loaded | undefined)?.listing;
    return listing ? `Book a showing: ${listing.place}` : null;
  },
};

/** One unit of the visitor's form quota per POST, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await listingOfSegment(context, params.slug ?? "");
  if (!found || "gone" in found || !isBookable(found.status)) {
    return data({ status: "error" as const, message: showingMessages.notForSale, values: null }, { status: found ? 410 : 404 });
  }
  return answerShowingPost(request, context, inquiryListingOf(found));
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const l = loaderData?.listing;
  if (!l)
    return pageMeta({ title: "Page Not Found", description: "This page or property is no longer available.", path: "/404", noindex: true });
  return pageMeta({
    title: `Book a showing: ${l.place}`,
    description: `Pick a time to see ${l.place} with Jordan Avery.`,
    path: `${l.path}/showing`,
    noindex: true,
  });
};

export default function ListingShowing({ loaderData: loaded, actionData }: Route.ComponentProps) {
  if (!loaded.listing) return <NotFoundContent />;
  const result = (actionData ?? null) as FormResult<ShowingField> | null;
  return (
    <article className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink wrap-anywhere">Book a showing</h1>
      <p className="mt-1 text-lg text-ink-muted wrap-anywhere">{loaded.listing.place}</p>
      {!loaded.forSale || (result?.status === "error" && result.message === showingMessages.notForSale) ? (
        <p className="mt-6 rounded-md border border-line bg-surface p-4 text-ink" role="alert">
          {showingMessages.notForSale}{" "}
          <Link to="/listings" className="font-bold text-brand underline">
            See homes for sale
          </Link>
        </p>
      ) : result?.status === "success" ? (
        <div className="mt-6 rounded-md border border-line bg-surface p-4" role="status" data-testid="showing-booked">
          <h2 className="text-lg font-bold text-ink">{showingMessages.successTitle}</h2>
          <p className="mt-1 text-ink">{showingMessages.successDescription}</p>
          <p className="mt-3">
            <Link to={loaded.listing.path} className="font-bold text-brand underline">
              Back to the home
            </Link>
          </p>
        </div>
      ) : (
        <BookingForm days={loaded.days} lengthMinutes={loaded.lengthMinutes} result={result} />
      )}
    </article>
  );
}

function BookingForm({ days, lengthMinutes, result }: { days: SlotDay[]; lengthMinutes: number; result: FormResult<ShowingField> | null }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.status === "invalid" ? result.fieldErrors : {};
  const values = result && result.status !== "success" ? result.values : null;
  const message = result && result.status !== "success" ? result.message : null;
  return (
    <Form method="post" className="mt-6 space-y-5" data-testid="showing-form">
      {message && (
        <p className="rounded-md border border-danger p-3 text-danger" role="alert" data-testid="showing-message">
          {errors.slot ?? message}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-5">
        <fieldset aria-describedby={errors.slot ? "slot-error" : undefined}>
          <legend className="text-base font-bold text-ink">Pick a time ({lengthMinutes} minutes, Edmonton time)</legend>
          {days.length === 0 && <p className="mt-2 text-ink">No times are free in the next days. Please call to arrange a showing.</p>}
          <SlotPicker days={days} checked={values?.slot} />
          {errors.slot && (
            <p id="slot-error" className="mt-2 text-sm text-danger">
              {errors.slot}
            </p>
          )}
        </fieldset>
        <VisitorFields idPrefix="showing" phoneRequired={true} errors={errors} values={values} />
        <TextAreaField
          id="showing-note"
          name="note"
          label="Note"
          rows={3}
          maxLength={LIMITS.message}
          defaultValue={values?.note}
          error={errors.note}
        />
        <Honeypot idPrefix="showing" />
        <Button type="submit" className="w-full">
          {busy ? "Booking..." : "Book this showing"}
        </Button>
      </fieldset>
    </Form>
  );
}
