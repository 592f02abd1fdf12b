import { useLocation } from "react-router";
import { BackButton } from "~/components/layout/back-button";
import { ButtonLink } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/placeholder";

/**
 * The placeholder pages of spec/site.md §2. They say listings will come soon, which is the one
 * place the spec allows such text, and send the visitor to the search that works today.
 */
const placeholders: Record<string, { title: string; text: string }> = {
  "/buy": {
    title: "Buy - Property Search",
    text: "Property search will be available here soon. In the meantime, every MLS® listing is one click away in the search.",
  },
  "/sold-properties": {
    title: "Sold Properties",
    text: "Sold listings will be coming soon. Until then, ask me for recent sales near you: I send them the same day.",
  },
  "/office-listings": {
    title: "Office Listings",
    text: "Our office's listings will be coming soon. Until then, every listing, ours included, is in the search.",
  },
  "/browse-by-building": {
    title: "Browse by Building",
    text: "Condo listings by building will be coming soon. Until then, the condominium search shows every available unit.",
  },
};

function contentFor(pathname: string) {
  return placeholders[pathname.replace(/\/+$/, "")] ?? placeholders["/buy"]!;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const content = contentFor(location.pathname);
  return pageMeta({ title: content.title, description: content.text, path: location.pathname });
};

export default function Placeholder() {
  const { pathname } = useLocation();
  const content = contentFor(pathname);
  return (
    <>
      <PageHeader title={content.title} subtitle={content.text} />
      <Container className="flex flex-wrap items-center gap-3 py-10">
        <ButtonLink to={pathname.startsWith("/browse-by-building") ? "/condominiums" : "/search"}>Search listings now</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact me
        </ButtonLink>
        <BackButton />
      </Container>
    </>
  );
}
