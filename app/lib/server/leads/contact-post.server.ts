/**
 * The contact form's action, shared by /contact and a listing page's "Ask about this home"
 * (which attaches the listing): one parse, one store, the texts of spec §8 on failure.
 */
import type { RouterContextProvider } from "react-router";
import { contactMessages } from "~/content/form-messages";
import { CONTACT_FIELDS, contactSchema } from "~/lib/schemas/contact";
import type { InquiryListingRef, SubmissionFailure } from "~/lib/leads";
import { serverOf } from "~/router-context";
import { createContact } from "./contacts.server";
import { answerFormPost } from "./form-post.server";
import { submit } from "./submit.server";

const failureText: Record<SubmissionFailure, string> = {
  failure: contactMessages.failure,
  permissions: contactMessages.permissions,
  duplicateLookup: contactMessages.duplicateLookup,
};

export function answerContactPost(request: Request, context: Readonly<RouterContextProvider>, listing?: InquiryListingRef) {
  return answerFormPost({
    request,
    context,
    messages: contactMessages,
    fields: CONTACT_FIELDS,
    schema: contactSchema,
    async store(input) {
      const stored = await submit(serverOf(context).leads, "contact", (db, followUps) => createContact(db, input, new Date(), listing, followUps));
      return stored.ok ? { ok: true } : { ok: false, message: failureText[stored.reason] };
    },
  });
}
