/**
 * The forms' checks as useFormSubmission loads them: when the visitor first focuses a form, not
 * with the page, because they need zod (about 7 KB of compressed script) and most visitors of a
 * page with a form never fill it in. The server runs the same checks on every submission.
 */
export const loadContactCheck = () => import("./checks").then((checks) => checks.parseContactForm);
export const loadLeadCheck = () => import("./checks").then((checks) => checks.parseLeadForm);
export const loadHomeValuationCheck = () => import("./checks").then((checks) => checks.parseHomeValuationForm);
