/**
 * "Book a showing"'s action through the forms' pipeline (quota, body, honeypot, schema), then its
 * own check (the time posted is one offered now: not past, not outside the agent's hours, not held)
 * and its store (one statement, bookShowing). A time taken between the check and the store is
 * refused by the database's unique slot; both come back as the form with the times still free and
 * a message (400 for a time not offered, 409 for one just taken).
 */
import type { RouterContextProvider } from "react-router";
import { showingMessages } from "~/content/form-messages";
import type { InquiryListingRef } from "~/lib/leads";
import { serverOf } from "~/router-context";
import { answerFormPost } from "../leads/form-post.server";
import { FORM_INPUTS } from "../leads/forms.server";
import { submit } from "../leads/submit.server";
import { bookShowing } from "./book.server";
import { offerNow } from "./offer.server";

export function answerShowingPost(request: Request, context: Readonly<RouterContextProvider>, listing: InquiryListingRef) {
  const leads = serverOf(context).leads;
  return answerFormPost({
    request,
    context,
    messages: showingMessages,
    ...FORM_INPUTS.showing,
    async store(input) {
      const now = new Date();
      const offer = await offerNow(leads.db, now);
      const start = Date.parse(input.slot);
      if (!offer.slots.includes(start)) return { ok: false, fieldErrors: { slot: showingMessages.notOffered } };
      const stored = await submit(leads, "showing", (db, followUps) =>
        bookShowing(db, input, listing, offer.settings.availability.lengthMinutes, now, followUps),
      );
      if (!stored.ok) return { ok: false, message: showingMessages.failure };
      if (!stored.value.ok) return { ok: false, message: showingMessages.taken, status: 409 };
      return { ok: true };
    },
  });
}
