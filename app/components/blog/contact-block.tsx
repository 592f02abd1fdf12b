import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import { useId } from "react";
import { site } from "~/content/site";

/** The agent's contact block that ends most articles. */
export function ContactBlock({ heading = "Questions? Let's talk.", children }: { heading?: string; children?: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-12 rounded-xl bg-brand-soft p-6 sm:p-8">
      <h2 id={headingId} className="mt-0 mb-0 text-2xl font-bold text-ink">
        {heading}
      </h2>
      <div className="mt-2 text-ink-muted">
        {children ?? (
          <p>
            I'm {site.agent.name}, a {site.agent.title} with {site.brokerage.name} in Edmonton. Call, text or e-mail me any time; I answer
            every message myself.
          </p>
        )}
      </div>
      <div className="mt-5 flex flex-wrap gap-4">
        <a
          href={site.agent.phoneHref}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 py-2.5 font-bold text-on-brand"
        >
          <Phone aria-hidden="true" className="size-4" /> Call {site.agent.phone}
        </a>
        <a
          href={`mailto:${site.agent.email}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-5 py-2.5 font-bold text-brand"
        >
          <Mail aria-hidden="true" className="size-4" /> {site.agent.email}
        </a>
      </div>
    </section>
  );
}
