import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { site } from "~/content/site";
import { ButtonLink } from "./ui/button";

/** The not-found page of spec §2. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Oops! This property is no longer available.</h1>
      <p className="mt-4 text-lg text-ink-muted">
        It may have been sold or removed from the market. But don't worry — we've got more homes you'll love!
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/search">Browse Current Listings</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return to Home
        </ButtonLink>
      </div>
      <section aria-labelledby="nf-help" className="mx-auto mt-12 max-w-xl rounded-lg border border-line bg-surface-muted p-6">
        <h2 id="nf-help" className="text-xl font-bold">
          Need help finding a home?
        </h2>
        <p className="mt-2 text-ink-muted">
          Tell {site.agent.firstName} what you are looking for and get matching listings the day they appear.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-4">
          <a href={site.agent.phoneHref} className="inline-flex items-center gap-2 font-bold text-brand underline">
            <Phone aria-hidden="true" className="size-4" /> Call {site.agent.phone}
          </a>
          <a href={`mailto:${site.agent.email}`} className="inline-flex items-center gap-2 font-bold text-brand underline">
            <Mail aria-hidden="true" className="size-4" /> {site.agent.email}
          </a>
        </div>
      </section>
    </div>
  );
}
