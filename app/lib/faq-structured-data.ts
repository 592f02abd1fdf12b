/**
 * FAQPage JSON-LD (schema.org) for articles with a questions-and-answers section. Kept apart
 * from structured-data.ts so articles can add it without touching the site-wide builders.
 */
export interface FaqEntry {
  question: string;
  /** Plain text of the answer, as shown on the page. */
  answer: string;
}

export function faqPageJsonLd(entries: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      acceptedAnswer: { "@type": "Answer", text: e.answer },
    })),
  };
}
