// TEMPORARY scaffold: the blog work writes this article.
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";

const slug = "complete-step-by-step-home-buyers-guide";

export const meta = () => articleMeta(slug);

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>Article body.</p>
    </ArticleLayout>
  );
}
