// TEMPORARY scaffold: the blog work writes this article.
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";

const slug = "hidden-costs-buying-home-alberta";

export const meta = () => articleMeta(slug);

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>Article body.</p>
    </ArticleLayout>
  );
}
