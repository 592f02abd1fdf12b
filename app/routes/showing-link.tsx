import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/showing-link";
import { SlotPicker } from "~/components/forms/slot-picker";
import { Button } from "~/components/ui/button";
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { pageMeta } from "~/lib/seo";
import { type SlotDay, slotDays, slotLabel } from "~/lib/showing-slots";
import { offerNow } from "~/lib/server/showings/offer.server";
import { cancelShowing, moveShowing, showingOfToken } from "~/lib/server/showings/manage.server";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { rateLimitMessage } from "~/content/form-messages";
import { formQuotaContext, serverOf } from "~/router-context";

/**
 * /showings/{token}: the buyer's signed link from their invitation (issue 44). A GET only shows
 * the showing and what can be done (mail scanners open links); a POST cancels it or moves it to
 * one of the times free now. A forged token answers 404, an expired one 410, neither showing
 * anything of anyone's.
 */
const PRIVATE = { "Cache-Control": CACHE_CONTROL.private, "X-Robots-Tag": "noindex" };

type Loaded = { state: "forged" | "expired" } | { state: "ok"; address: string; when: string; status: string; days: SlotDay[] };

async function read(context: Route.LoaderArgs["context"], token: string) {
  return showingOfToken(serverOf(context).leads.db, token);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await read(context, params.token ?? "");
  if (found === null) return data<Loaded>({ state: "forged" }, { status: 404, headers: PRIVATE });
  if (found === "expired") return data<Loaded>({ state: "expired" }, { status: 410, headers: PRIVATE });
  const offer = found.status === "cancelled" ? null : await offerNow(serverOf(context).leads.db);
  return data<Loaded>(
    {
      state: "ok",
      address: found.listing.address,
      when: `${slotLabel(Date.parse(found.start))} (Edmonton time)`,
      status: found.status,
      days: offer ? slotDays(offer.slots) : [],
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

type Acted = { status: "success" | "error"; message: string };
const refuse = (message: string, status: number) => data<Acted>({ status: "error", message }, { status, headers: PRIVATE });
const done = (message: string) => data<Acted>({ status: "success", message }, { headers: PRIVATE });

/** A move takes a slot and a cancel frees one: each POST counts against the visitor's form quota, like the form that booked it. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = serverOf(context).leads.db;
  const quota = context.get(formQuotaContext);
  if (!quota?.allowed) return refuse(rateLimitMessage, 429);
  const found = await read(context, params.token ?? "");
  if (found === null) return refuse("This link is not valid.", 404);
  if (found === "expired") return refuse("This link has expired.", 410);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("This form could not be read.", 400);
  }
  const intent = form.get("intent");
  if (found.status === "cancelled") return refuse("This showing is already cancelled.", 409);
  if (intent === "cancel") {
    await cancelShowing(db, found.id, "buyer");
    serverOf(context).leads.notificationQueued();
    return done("Your showing is cancelled. You will get the cancellation for your calendar.");
  }
  if (intent === "move") {
    const slot = form.get("slot");
    const start = typeof slot === "string" ? Date.parse(slot) : NaN;
    const offer = await offerNow(db);
    if (!Number.isFinite(start) || !offer.slots.includes(start))
      return refuse("That time is not available. Please pick one of the times shown.", 400);
    const moved = await moveShowing(db, found.id, new Date(start), offer.settings.availability.lengthMinutes);
    if (moved === "taken") return refuse("Someone just booked that time. Please pick one of the times still free.", 409);
    if (!moved) return refuse("This showing is already cancelled.", 409);
    serverOf(context).leads.notificationQueued();
    return done(`Your showing is moved to ${slotLabel(start)}. You will get the updated invitation.`);
  }
  return refuse("Please choose to cancel or to move the showing.", 400);
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Your showing", description: "Cancel or move your showing.", path: "/showings", noindex: true });

export default function ShowingLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const acted = (actionData ?? null) as Acted | null;
  if (loaderData.state !== "ok")
    return (
      <article className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold text-ink">
          {loaderData.state === "expired" ? "This link has expired" : "This link is not valid"}
        </h1>
        <p className="mt-2 text-ink">Please call or write to change a showing.</p>
      </article>
    );
  const l = loaderData;
  return (
    <article className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Your showing</h1>
      <p className="mt-2 text-lg text-ink wrap-anywhere">{l.address}</p>
      <p className="mt-1 text-ink" data-testid="showing-when">
        {l.when}
        {l.status === "cancelled" ? " (cancelled)" : l.status === "requested" ? " (waiting for confirmation)" : " (confirmed)"}
      </p>
      {acted && (
        <p
          role={acted.status === "error" ? "alert" : "status"}
          className={`mt-4 ${acted.status === "error" ? "text-danger" : "text-ink"}`}
          data-testid="showing-acted"
        >
          {acted.message}
        </p>
      )}
      {l.status !== "cancelled" && (
        <>
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondary" disabled={busy}>
              Cancel this showing
            </Button>
          </Form>
          {l.days.length > 0 && (
            <Form method="post" className="mt-8">
              <input type="hidden" name="intent" value="move" />
              <fieldset disabled={busy}>
                <legend className="text-base font-bold text-ink">Or move it to another time (Edmonton time)</legend>
                <SlotPicker days={l.days} />
                <Button type="submit" className="mt-4">
                  Move my showing
                </Button>
              </fieldset>
            </Form>
          )}
        </>
      )}
    </article>
  );
}
