/**
 * The contact form's action, shared by /contact and a listing page's "Ask about this home"
 * (which attaches the listing and reads the buyer's figures): one parse, one store, the texts of
 * spec §8 on failure.
 */
import type { RouterContextProvider } from "react-router";
import { contactMessages } from "~/content/form-messages";
import type { ContactInput } from "~/lib/schemas/contact";
import type { ListingInquiryInput } from "~/lib/schemas/listing-inquiry";
import type { InquiryListingRef, SubmissionFailure } from "~/lib/leads";
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
