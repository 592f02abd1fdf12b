import ArrowRight from "lucide-react/icons/arrow-right";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { CallToAction } from "~/components/blog/call-to-action";
import { ContactBlock } from "~/components/blog/contact-block";
import { ContentsNav } from "~/components/blog/contents-nav";
import { RelatedPosts } from "~/components/blog/related-posts";
import { lazyPart } from "~/components/ui/lazy-part";
import { mistakeHeadings } from "~/content/blog/data/top-10-mistakes-opening";
import type { Route } from "./+types/top-10-mistakes-to-avoid-when-buying-a-home";

const slug = "top-10-mistakes-to-avoid-when-buying-a-home";

export const meta: Route.MetaFunction = () => articleMeta(slug);

// The cards, the checklist and the short version load when the reader reaches for them, their
// server HTML kept until then (decision 061).
const Top10MistakesBody = lazyPart(() => import("~/components/blog/top-10-mistakes-body").then((m) => m.Top10MistakesBody));

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>
        I have walked a lot of buyers through their first and their fifth home purchases in Edmonton and the surrounding towns. The costly
        mistakes are almost always the same ten, and almost all of them are easy to avoid if you know about them before you start looking.
        Here they are, in the order you are likely to meet them, with what I tell my own clients to do instead.
      </p>

      <ContentsNav
        id="mistakes-at-a-glance"
        heading="The ten mistakes at a glance"
        items={mistakeHeadings.map((m) => ({ anchor: m.id, label: m.title }))}
      />

      <Top10MistakesBody />

      <section aria-labelledby="next-steps" className="mt-10 grid gap-4 sm:grid-cols-2">
        <h2 id="next-steps" className="sr-only">
          Next steps
        </h2>
        <CallToAction
          heading="Buying soon?"
          headingLevel={3}
          tone="card"
          actions={[
            {
              to: "/contact",
              label: (
                <>
                  Contact me <ArrowRight aria-hidden="true" className="size-4" />
                </>
              ),
            },
          ]}
        >
          <p>Book a no-pressure buyer consultation. We will go over your budget, your timeline and the neighbourhoods that fit.</p>
        </CallToAction>
        <CallToAction
          heading="Selling first?"
          headingLevel={3}
          tone="card"
          actions={[
            {
              to: "/free-home-valuation",
              label: (
                <>
                  Free home valuation <ArrowRight aria-hidden="true" className="size-4" />
                </>
              ),
              variant: "secondary",
            },
          ]}
        >
          <p>Find out what your current home is worth today, so you know exactly how much you have to put toward the next one.</p>
        </CallToAction>
      </section>

      <ContactBlock heading="Have a question about buying?">
        <p>Tell me where you are in the process and I will tell you honestly what to do next, whether or not you are ready to buy.</p>
      </ContactBlock>

      <RelatedPosts
        current={slug}
        slugs={[
          "complete-step-by-step-home-buyers-guide",
          "quick-mortgage-guide-for-homebuyers",
          "hidden-costs-buying-home-alberta",
          "tips-and-tricks-to-buy-in-sellers-market",
        ]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
