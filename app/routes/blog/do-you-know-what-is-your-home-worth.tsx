// TEMPORARY scaffold: the blog work writes this article.
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";

const slug = "do-you-know-what-is-your-home-worth";

export const meta = () => articleMeta(slug);

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>Article body.</p>
    </ArticleLayout>
  );
}
