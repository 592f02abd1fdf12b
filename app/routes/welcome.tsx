import { leadConsentParts } from "~/content/lead-consent";
import { type ReactNode, Suspense, lazy, useRef, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { Honeypot, TextAreaField, useHydrated } from "~/components/forms/fields";
import { FormResultNotice, useFormSubmission } from "~/components/forms/use-form-submission";
import { VisitorFields } from "~/components/forms/visitor-fields";
import { Button, buttonClass } from "~/components/ui/button";
import { Container } from "~/components/ui/page-header";
import { PromiseList, PromisesPanel } from "~/components/welcome/promises";
import { leadMessages } from "~/content/form-messages";
import { site } from "~/content/site";
import { type FormResult, submitOrFail } from "~/lib/form-result";
import type { LeadField } from "~/lib/schemas/lead";
import { LIMITS } from "~/lib/schemas/limits";
import { loadLeadCheck } from "~/lib/schemas/load-checks";
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType, isServiceType } from "~/lib/schemas/services";
import { pageMeta } from "~/lib/seo";
import { answerFormPost, formQuota } from "~/lib/server/leads/form-post.server";
// For the action (its fields and schema), which the browser build leaves out; the page itself loads the check on demand.
import { FORM_INPUTS } from "~/lib/server/leads/forms.server";
import { recordLead } from "~/lib/server/leads/leads.server";
import { submit } from "~/lib/server/leads/submit.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/welcome";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Find A Realtor You Can Trust",
    path: location.pathname,
    description: `Buying, selling or both in Edmonton? Tell ${site.agent.name} what you need: no upfront commitment, no hidden costs, no unwanted follow-ups.`,
  });

type LeadResult = FormResult<LeadField>;

// Both load on first use, not with the page: the dialogs (Radix, ~13 KB of script) when one
// opens, the form's check (zod, ~7 KB) when the visitor starts on the form.
const DialogFrame = lazy(() => import("~/components/welcome/dialog-frame"));

/** Without JavaScript the service buttons are links to ?service=...; the server then renders the form open. */
export function loader({ request }: Route.LoaderArgs) {
  const service = new URL(request.url).searchParams.get("service");
  return { service: isServiceType(service) ? service : null };
}

/** The loader only reads the URL: a form submission changes nothing it returns. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** Every POST here takes one unit of the visitor's form quota, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormPost({
    request,
    context,
    messages: leadMessages,
    ...FORM_INPUTS.welcome,
    async store(input) {
      const server = serverOf(context);
      const stored = await submit(server.leads, "lead", (db, followUps) =>
        recordLead(db, input, { address: server.clientIp, userAgent: request.headers.get("user-agent") }, new Date(), followUps),
      );
      return stored.ok ? { ok: true } : { ok: false, message: leadMessages.failure };
    },
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrFail(serverAction, leadMessages);
}

export default function WelcomePage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<LeadResult>({ key: "lead-form" });
  const documentResult = actionData ?? null;
  // The no-JavaScript page: after an error the form is shown again, open, with what was typed.
  const documentService: ServiceType | null =
    documentResult && documentResult.status !== "success"
      ? isServiceType(documentResult.values?.serviceType)
        ? documentResult.values.serviceType
        : loaderData.service
      : documentResult?.status === "success"
        ? null
        : loaderData.service;
  // Opened by a service button; a visitor who arrived on ?service=... (before the query string
  // is dropped, spec §2), or whose submission came back with an error, finds the form open.
  const [service, setService] = useState<ServiceType | null>(() => documentService);
  const [promisesOpen, setPromisesOpen] = useState(false);
  const lastTrigger = useRef<HTMLElement | null>(null);

  const open = (next: ServiceType) => (event: { currentTarget: HTMLElement }) => {
    lastTrigger.current = event.currentTarget;
    setService(next);
  };
  // Closing while sending would hide the result: the dialog stays until the answer.
  const closeLeadForm = () => {
    if (fetcher.state === "idle") setService(null);
  };

  // Without JavaScript: the form in the page, where the service link pointed (#lead-form).
  const inPageForm = documentService && (
    <section
      id="lead-form"
      aria-labelledby="lead-form-heading"
      className="mx-auto max-w-xl rounded-xl border border-line bg-surface p-6 shadow-sm"
    >
      <h2 id="lead-form-heading" className="text-2xl font-bold text-ink">
        {SERVICE_LABELS[documentService]}
      </h2>
      <p className="mt-1 text-ink-muted">{formIntro}</p>
      {documentResult && documentResult.status !== "success" && (
        <div className="mt-4">
          <FormResultNotice result={documentResult} messages={leadMessages} />
        </div>
      )}
      <LeadForm
        fetcher={fetcher}
        service={documentService}
        documentResult={documentResult}
        onSuccess={() => setService(null)}
        cancel={
          <a href="/welcome" className={buttonClass("secondary")}>
            Cancel
          </a>
        }
      />
    </section>
  );

  return (
    <>
      <section className="bg-gradient-to-b from-brand-soft to-surface">
        <Container className="py-14 text-center sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Find A Realtor You Can Trust</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">
            {site.agent.name}, {site.agent.title}, helps families buy and sell homes across Edmonton and area. Tell us what you are planning
            and we will take it from there.
          </p>
          <div className="mt-6">
            {hydrated ? (
              <button
                type="button"
                className={buttonClass("ghost")}
                aria-haspopup="dialog"
                onClick={(event) => {
                  lastTrigger.current = event.currentTarget;
                  setPromisesOpen(true);
                }}
              >
                Our Promises to You
              </button>
            ) : (
              <a href="#our-promises" className={buttonClass("ghost")}>
                Our Promises to You
              </a>
            )}
          </div>
          <div className="mx-auto mt-8 flex max-w-3xl flex-col gap-3 sm:flex-row sm:justify-center">
            {SERVICE_TYPES.map((type) =>
              hydrated ? (
                <button
                  key={type}
                  type="button"
                  className={buttonClass("primary", "sm:min-w-52")}
                  aria-haspopup="dialog"
                  onClick={open(type)}
                >
                  {SERVICE_LABELS[type]}
                </button>
              ) : (
                <a key={type} href={`/welcome?service=${type}#lead-form`} className={buttonClass("primary", "sm:min-w-52")}>
                  {SERVICE_LABELS[type]}
                </a>
              ),
            )}
          </div>
          <p className="mx-auto mt-8 max-w-2xl text-sm text-ink-muted">
            Your information stays with us: we never sell or share it, and you can unsubscribe from our e-mails, calls or texts at any time
            (reply STOP to any text). See our{" "}
            <Link to="/terms-of-service-test" className="text-brand underline">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy-policy-test" className="text-brand underline">
              Privacy Policy
            </Link>
            .
          </p>
        </Container>
      </section>

      <Container className="pb-14">
        {documentResult?.status === "success" && (
          <div className="mx-auto max-w-xl">
            <FormResultNotice result={documentResult} messages={leadMessages} />
          </div>
        )}
        {!hydrated && inPageForm}
        {hydrated && service && (
          // The dialog (rendered into <body>) while its script loads: a form opened from the page's
          // address stays in the page meanwhile, as it was before hydration.
          <Suspense fallback={service === documentService ? inPageForm : null}>
            <DialogFrame
              open
              onOpenChange={closeLeadForm}
              title={SERVICE_LABELS[service]}
              description={formIntro}
              onCloseAutoFocus={() => lastTrigger.current?.focus()}
            >
              <LeadForm
                fetcher={fetcher}
                service={service}
                documentResult={documentResult}
                onSuccess={() => setService(null)}
                cancel={
                  <Button type="button" variant="secondary" onClick={closeLeadForm}>
                    Cancel
                  </Button>
                }
              />
            </DialogFrame>
          </Suspense>
        )}
        <PromisesPanel />
      </Container>

      {promisesOpen && (
        <Suspense fallback={null}>
          <DialogFrame
            open
            onOpenChange={setPromisesOpen}
            title="Our Promises to You"
            description={`What working with ${site.agent.name} means.`}
            onCloseAutoFocus={() => lastTrigger.current?.focus()}
          >
            <PromiseList />
            <div className="mt-6 flex justify-end">
              <Button type="button" variant="secondary" onClick={() => setPromisesOpen(false)}>
                Close
              </Button>
            </div>
          </DialogFrame>
        </Suspense>
      )}
    </>
  );
}

const formIntro = "Leave your details and we will be in touch soon.";

function LeadForm({
  fetcher,
  service,
  documentResult,
  onSuccess,
  cancel,
}: {
  fetcher: ReturnType<typeof useFetcher<LeadResult>>;
  service: ServiceType;
  documentResult: LeadResult | null;
  onSuccess: () => void;
  cancel: ReactNode;
}) {
  const {
    formRef,
    busy,
    fieldErrors: errors,
    values,
    validateInBrowser,
  } = useFormSubmission({ fetcher, documentResult, messages: leadMessages, loadParse: loadLeadCheck, onSuccess });

  return (
    <fetcher.Form ref={formRef} method="post" action="/welcome" onSubmit={validateInBrowser} className="relative mt-5">
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Your contact details</legend>
        <input type="hidden" name="serviceType" value={service} />
        <VisitorFields idPrefix="lead" nameField="fullName" phoneRequired={true} errors={errors} values={values} />
        <TextAreaField
          id="lead-comments"
          name="comments"
          label="Comments"
          rows={3}
          maxLength={LIMITS.message}
          defaultValue={values?.comments}
          error={errors.comments}
        />
        <Honeypot idPrefix="lead" />
        <p className="text-xs leading-relaxed text-ink-muted">
          {leadConsentParts.before}
          <Link to="/terms-of-service-test" className="text-brand underline">
            {leadConsentParts.terms}
          </Link>
          {leadConsentParts.between}
          <Link to="/privacy-policy-test" className="text-brand underline">
            {leadConsentParts.privacy}
          </Link>
          {leadConsentParts.after}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <Button type="submit">{busy ? "Submitting..." : "Continue"}</Button>
        </div>
      </fieldset>
    </fetcher.Form>
  );
}
