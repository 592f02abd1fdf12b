/**
 * A blog article as a BlogPosting (schema.org JSON-LD).
 * See structured-data.ts for why each builder has a module of its own.
 */
import { site } from "~/content/site";
import { absoluteUrl } from "./site-url";

export interface ArticleInput {
  title: string;
  description: string;
  path: string;
  image: string;
  datePublished: string;
  dateModified: string;
}

export function blogPostingJsonLd(article: ArticleInput) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    mainEntityOfPage: absoluteUrl(article.path),
    url: absoluteUrl(article.path),
    image: absoluteUrl(article.image),
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    author: { "@type": "Person", name: site.agent.name, url: absoluteUrl("/about") },
    publisher: { "@id": absoluteUrl("/#agent"), "@type": "RealEstateAgent", name: site.agent.name },
  };
}
