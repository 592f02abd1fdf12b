import ArrowLeft from "lucide-react/icons/arrow-left";
import Info from "lucide-react/icons/info";
import Phone from "lucide-react/icons/phone";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { ShareButton } from "~/components/blog/share-button";
import { ButtonLink } from "~/components/ui/button";
import { type DirectoryEntry, directory, directoryStages, telHref } from "~/content/blog/data/essential-real-estate-contacts";
import { site } from "~/content/site";
import type { Route } from "./+types/essential-real-estate-contacts";

const slug = "essential-real-estate-contacts";

export const meta: Route.MetaFunction = () => articleMeta(slug);

export default function Article() {
  return (
    <ArticleLayout slug={slug} share={<ShareButton label="Share Contact List" />}>
      <p>
        Buying or selling a home takes a team. Beyond your REALTOR®, you will likely need a lender, a lawyer and an inspector, and often a
        surveyor, a mover and a trade or two. Lining them up early saves stress when the deadlines in your contract start to run.
      </p>

      <aside aria-labelledby="directory-note" className="my-6 rounded-xl border border-brand bg-brand-soft p-5">
        <h2 id="directory-note" className="m-0 flex items-center gap-2 text-lg font-bold text-ink">
          <Info aria-hidden="true" className="size-5 shrink-0 text-brand" />
          How to use this list
        </h2>
        <p className="mb-0">
          This directory shows the kinds of professionals to line up and what each one does. The names, companies and phone numbers in it
          are samples, not real businesses, and nothing here is a referral. When you are ready, <Link to="/contact">ask me</Link> or call{" "}
          <a href={site.agent.phoneHref}>{site.agent.phone}</a> and I will share my current recommendations: people my clients and I have
          worked with recently.
        </p>
      </aside>

      <nav aria-labelledby="directory-contents">
        <h2 id="directory-contents" className="mt-6 text-lg">
          Jump to
        </h2>
        <ul>
          {directoryStages.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      {directoryStages.map((stage) => (
        <section key={stage.id} aria-labelledby={stage.id}>
          <h2 id={stage.id} className="scroll-mt-4">
            {stage.title}
          </h2>
          <div className="grid gap-4">
            {directory
              .filter((entry) => entry.stage === stage.id)
              .map((entry) => (
                <DirectoryCard key={entry.category} entry={entry} />
              ))}
          </div>
        </section>
      ))}

      <h2>Before you hire anyone</h2>
      <ul>
        <li>
          Check licences and trade certificates: in Alberta, home inspectors, mortgage brokers and lawyers are licensed, and electricians
          and plumbers are certified trades.
        </li>
        <li>Ask for proof of liability insurance and, for trades working in your home, a WCB clearance letter.</li>
        <li>Get the quote and the scope of work in writing, and confirm who obtains any permits.</li>
        <li>Ask for two or three recent references, and call them.</li>
        <li>Match deadlines to your contract: inspections and condo document reviews must fit inside your condition period.</li>
      </ul>

      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/blog" variant="secondary" className="no-underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Blog
        </ButtonLink>
      </div>

      <ContactBlock heading="Want my current recommendations?">
        <p>
          I keep an up-to-date list of inspectors, lawyers, lenders and trades my clients have been happy with. Call or e-mail me and tell
          me what you need.
        </p>
      </ContactBlock>
    </ArticleLayout>
  );
}

function DirectoryCard({ entry }: { entry: DirectoryEntry }) {
  const headingId = `cat-${entry.category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h3 id={headingId} className="mt-0">
        {entry.category}
      </h3>
      <p className="mt-1 text-sm leading-6 text-ink-muted">{entry.summary}</p>
      <ul className="m-0 mt-3 list-none divide-y divide-line space-y-0 rounded-lg border border-line p-0">
        {entry.contacts.map((c) => (
          <li key={c.name} className="grid grid-cols-[1fr_auto] items-center gap-x-3 px-3 py-1.5 text-sm leading-5">
            <span className="py-1">
              <span className="block font-bold text-ink">{c.name}</span>
              {c.company && <span className="block text-ink-muted">{c.company}</span>}
            </span>
            {c.phone && (
              <a href={telHref(c.phone)} className="inline-flex min-h-11 items-center gap-1.5 text-brand underline">
                <Phone aria-hidden="true" className="size-4" />
                <span className="sr-only">Call {c.name} at </span>
                {c.phone}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
