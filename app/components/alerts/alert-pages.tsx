/**
 * The frame of the /alerts pages (the sign-up's answers and the pages a mail's links open): the
 * site's page header and container, their head (never indexed, and never the link's token in a
 * canonical or social URL: every one names /alerts), and the page for a link that cannot be used.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Container, PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/seo";

export function alertPageMeta(title: string) {
  return pageMeta({ title, description: "Listing alerts: new listings and price drops by e-mail.", path: "/alerts", noindex: true });
}

/** The breadcrumb's last crumb: the page's name, never the token in its path. */
export function alertCrumb(label: string) {
  // Home > the page: the crumbs (and their structured data) never repeat the token in the URL.
  return { breadcrumb: () => label, breadcrumbPath: "/alerts" };
}

export function AlertPage({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Container className="py-10">
        <div className="max-w-3xl">{children}</div>
      </Container>
    </>
  );
}

export const linkClass = "font-bold text-brand underline";

/** The way back to the search every alert page offers. */
export function SearchHomesLink({ children = "Search homes for sale" }: { children?: ReactNode }) {
  return (
    <Link to="/listings" className={linkClass}>
      {children}
    </Link>
  );
}

/** A wrong or expired link: what to do next, and nothing about anyone. */
export function LinkProblemPage({ state }: { state: "invalid" | "expired" }) {
  const expired = state === "expired";
  return (
    <AlertPage title={expired ? "This link has expired, sign up again" : "This link is not valid"}>
      <p className="text-lg text-ink">
        {expired
          ? "Links in our e-mails work for a limited time. Sign up again from any search, area or listing page and we will send you a new one."
          : "It may have been copied incompletely, or it belongs to an alert that was removed. You can sign up again from any search, area or listing page."}
      </p>
      <p className="mt-6">
        <SearchHomesLink />
      </p>
    </AlertPage>
  );
}
