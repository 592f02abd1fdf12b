/**
 * The contact form's action, shared by /contact and a listing page's "Ask about this home"
 * (which attaches the listing and reads the buyer's figures): one parse, one store, the texts of
 * spec §8 on failure.
 */
import type { RouterContextProvider } from "react-router";
import { contactMessages, openHouseRsvpMessages, valuationMessages } from "~/content/form-messages";
import type { OpenHouseRsvpInput } from "~/lib/schemas/open-house-rsvp";
import type { ContactInput } from "~/lib/schemas/contact";
import type { ListingInquiryInput } from "~/lib/schemas/listing-inquiry";
import type { InquiryListingRef, OpenHouseRef, SubmissionFailure, ValuationHomeRef } from "~/lib/leads";
import { type HomeValuationInput, SELL_TIMELINES } from "~/lib/schemas/home-valuation";
import { serverOf } from "~/router-context";
import { createContact } from "./contacts.server";
import { answerFormPost } from "./form-post.server";
import { FORM_INPUTS } from "./forms.server";
import { submit } from "./submit.server";

const failureText: Record<SubmissionFailure, string> = {
  failure: contactMessages.failure,
  permissions: contactMessages.permissions,
  duplicateLookup: contactMessages.duplicateLookup,
};

function storeContact(context: Readonly<RouterContextProvider>, listing?: InquiryListingRef) {
  return async (input: ContactInput | ListingInquiryInput): Promise<{ ok: true } | { ok: false; message: string }> => {
    const stored = await submit(serverOf(context).leads, "contact", (db, followUps) =>
      createContact(db, input, new Date(), listing, followUps),
    );
    return stored.ok ? { ok: true } : { ok: false, message: failureText[stored.reason] };
  };
}

/** /contact: the contact form alone. */
export function answerContactPost(request: Request, context: Readonly<RouterContextProvider>) {
  return answerFormPost({ request, context, messages: contactMessages, ...FORM_INPUTS.contact, store: storeContact(context) });
}

/** A listing page's "Ask about this home": the contact form about `listing`, with the buyer's figures when the form sent them. */
export function answerListingInquiryPost(request: Request, context: Readonly<RouterContextProvider>, listing: InquiryListingRef) {
  return answerFormPost({ request, context, messages: contactMessages, ...FORM_INPUTS.listing, store: storeContact(context, listing) });
}

/**
 * A home value page's "Get my in-person evaluation" (issue 43): the contact pipeline with the home
 * attached (its figures as the page showed them, the timeline in words); the person is marked a seller.
 */
export function answerHomeValuationPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  home: Omit<ValuationHomeRef, "timeline">,
) {
  const store = async (input: HomeValuationInput): Promise<{ ok: true } | { ok: false; message: string }> => {
    const stored = await submit(serverOf(context).leads, "contact", (db, followUps) =>
      createContact(
        db,
        { name: input.name, email: input.email, phone: input.phone, message: input.message },
        new Date(),
        undefined,
        followUps,
        { ...home, timeline: SELL_TIMELINES[input.timeline] },
      ),
    );
    return stored.ok ? { ok: true } : { ok: false, message: failureText[stored.reason] };
  };
  return answerFormPost({ request, context, messages: valuationMessages, ...FORM_INPUTS.valuation, store });
}

/**
 * An open house's "I'll be there" (issue 44): the contact pipeline with the open house attached
 * (the route found it upcoming); the statement also queues the visitor's reminder for its morning.
 */
export function answerOpenHouseRsvpPost(request: Request, context: Readonly<RouterContextProvider>, openHouse: OpenHouseRef) {
  const store = async (input: OpenHouseRsvpInput): Promise<{ ok: true } | { ok: false; message: string }> => {
    const stored = await submit(serverOf(context).leads, "contact", (db, followUps) =>
      createContact(
        db,
        { name: input.name, email: input.email, phone: input.phone, message: "" },
        new Date(),
        undefined,
        followUps,
        undefined,
        openHouse,
      ),
    );
    return stored.ok ? { ok: true } : { ok: false, message: failureText[stored.reason] };
  };
  return answerFormPost({ request, context, messages: openHouseRsvpMessages, ...FORM_INPUTS.openHouse, store });
}
