import { useState } from "react";
import { BackButton } from "~/components/layout/back-button";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { Container, PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/email-template";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ title: "Follow-up E-mail Template", description: "The follow-up e-mail sent to new enquiries.", path: location.pathname });

/** The follow-up e-mail the agent sends after a first enquiry (spec §2 /emailtemplate). */
function TemplateBody() {
  return (
    <div className="space-y-3 leading-7">
      <p>
        <strong>Subject:</strong> Thanks for reaching out, here's what happens next
      </p>
      <p>Hi [First name],</p>
      <p>
        Thank you for getting in touch. I'm {site.agent.name}, a {site.agent.title} with {site.brokerage.name}, and I'll be your point of
        contact for anything you need in Edmonton and the surrounding area.
      </p>
      <p>To point you to the right homes (or the right price, if you're selling), could you reply with a few details?</p>
      <ul className="list-disc pl-6">
        <li>The areas or neighbourhoods you're considering</li>
        <li>Your price range and the type of home</li>
        <li>Your ideal timing</li>
        <li>Whether you've spoken with a lender yet</li>
      </ul>
      <p>
        In the meantime you can set up instant listing alerts with the "Get Notified" button on any search page, and I'll make sure new
        matches reach your inbox the day they're listed.
      </p>
      <p>Prefer to talk? Call or text me at {site.agent.phone}. I answer every message myself, usually within a few hours.</p>
      <p>
        Talk soon,
        <br />
        {site.agent.name}
        <br />
        {site.agent.title} · {site.brokerage.name}
        <br />
        {site.agent.phone} · {site.agent.email}
      </p>
      <p className="text-sm text-ink-muted">You're receiving this because you contacted me through my website. Reply STOP to opt out.</p>
    </div>
  );
}

export default function EmailTemplate() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader title="Follow-up E-mail Template" subtitle="The first reply every new enquiry receives." />
      <Container className="py-10">
        <div className="max-w-3xl rounded-xl border border-line bg-surface p-6 shadow-sm">
          <TemplateBody />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => setOpen(true)}>
            POPUP
          </Button>
          <BackButton />
        </div>
        <Dialog open={open} onOpenChange={setOpen} title="Follow-up E-mail Template">
          <TemplateBody />
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Close
              </Button>
            </DialogClose>
          </div>
        </Dialog>
      </Container>
    </>
  );
}
