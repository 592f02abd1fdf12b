import { describe, expect, it } from "vitest";
import { ARTICLE_MIN_ROUTES, SHELL_MIN_ROUTES, planChunks } from "../vite-plugins/client-chunks";

const entry = (file: string) => `/site/app/${file}?__react-router-build-client-route`;

/** A build's module graph from `importer: [imported…]`; every module 100 bytes. */
function graphOf(edges: Record<string, string[]>) {
  const ids = [...new Set([...Object.keys(edges), ...Object.values(edges).flat()])];
  return planChunks({ ids, imports: (id) => edges[id] ?? [], codeLength: () => 100 });
}

const articles = Array.from({ length: 12 }, (_, i) => entry(`routes/blog/post-${i}.tsx`));
const pages = Array.from({ length: SHELL_MIN_ROUTES }, (_, i) => entry(`routes/page-${i}.tsx`));

describe("planChunks", () => {
  const plan = graphOf({
    "/site/app/root.tsx": ["/site/app/components/footer.tsx", "/site/node_modules/react/index.js"],
    [entry("root.tsx")]: ["/site/app/root.tsx"],
    ...Object.fromEntries(
      articles.map((a, i) => [
        a,
        [
          "/site/app/components/blog/article-layout.tsx",
          ...(i < ARTICLE_MIN_ROUTES ? ["/site/app/components/blog/cite.tsx"] : []),
          ...(i < 2 ? ["/site/app/components/blog/share-bar.tsx"] : []),
          "/site/app/lib/format.ts",
        ],
      ]),
    ),
    "/site/app/components/blog/article-layout.tsx": ["/site/app/content/blog/posts.ts", "/site/app/lib/dates.ts"],
    ...Object.fromEntries(
      pages.map((p, i) => [
        p,
        [
          "/site/app/lib/format.ts",
          ...(i < 2 ? ["/site/app/lib/dates.ts", "/site/app/components/listing-types.ts", "/site/app/lib/fees.ts"] : []),
        ],
      ]),
    ),
    "/site/app/components/blog/cite.tsx": ["/site/app/lib/fees.ts"],
    [entry("routes/blog.tsx")]: ["/site/app/content/blog/posts.ts"],
  });

  it("puts React in the framework chunk and what the root reaches in the shell", () => {
    expect(plan.get("/site/node_modules/react/index.js")).toBe("framework");
    expect(plan.get("/site/app/components/footer.tsx")).toBe("shell");
  });

  it("puts what SHELL_MIN_ROUTES routes share in the shell when pages other than articles are among them", () => {
    expect(plan.get("/site/app/lib/format.ts")).toBe("shell");
    // Fourteen routes: the twelve articles through their layout, and two pages.
    expect(plan.get("/site/app/lib/dates.ts")).toBe("shell");
  });

  it("keeps what only articles share out of the shell, in one article chunk with the blog registry", () => {
    expect(plan.get("/site/app/components/blog/article-layout.tsx")).toBe("article");
    expect(plan.get("/site/app/components/blog/cite.tsx")).toBe("article");
    // Fifteen routes reach the registry, the blog index among them: it still goes with the articles.
    expect(plan.get("/site/app/content/blog/posts.ts")).toBe("article");
    // What fewer articles use stays out of it: every article would load it.
    expect(plan.get("/site/app/components/blog/share-bar.tsx")).not.toBe("article");
  });

  it("names every other shared module, so none is pulled into the article chunk with its importer", () => {
    // fees.ts: imported by the citations (article chunk) and by two pages.
    expect(plan.get("/site/app/lib/fees.ts")).toBe("fees");
    expect(plan.get("/site/app/components/listing-types.ts")).toBe("listing-types");
    expect(plan.get("/site/app/components/blog/share-bar.tsx")).toBe("share-bar");
  });

  it("counts an article's parts loaded with import() as the article's, and no other route's", () => {
    const table = "/site/app/components/blog/article-table.tsx";
    const form = "/site/app/components/forms/ask-form.tsx";
    const body = (i: number) => `/site/app/components/blog/body-${i}.tsx`;
    const article2 = "/site/app/routes/blog/post-2.tsx";
    const notFound = "/site/app/components/not-found-page.tsx";
    const statics: Record<string, string[]> = {
      "/site/app/root.tsx": [],
      // Two articles import the table; a third reaches it only through its body, loaded on demand.
      [articles[0]!]: [table],
      [articles[1]!]: [table],
      [articles[2]!]: [article2],
      [article2]: ["/site/app/components/not-found-content.tsx"],
      [body(2)]: [table],
      // Pages load a form on demand: not followed, so it is not counted as theirs.
      ...Object.fromEntries(pages.map((p) => [p, []])),
    };
    const dynamic: Record<string, string[]> = {
      [article2]: [body(2)],
      // A lazy page deeper down, as every page has it: not the article's part.
      "/site/app/components/not-found-content.tsx": [notFound],
      ...Object.fromEntries(pages.map((p) => [p, [form]])),
    };
    const ids = [...new Set([...Object.keys(statics), ...Object.values(statics).flat(), ...Object.values(dynamic).flat()])];
    const plan = planChunks({ ids, imports: (id) => statics[id] ?? [], dynamicImports: (id) => dynamic[id] ?? [], codeLength: () => 100 });
    expect(plan.get(table)).toBe("article");
    // The body is its article's alone, and the form no route's: Rollup gives each a file of its own.
    expect(plan.get(body(2))).toBeUndefined();
    expect(plan.get(form)).toBeUndefined();
    expect(plan.get(notFound)).toBeUndefined();
  });

  it("stops when React Router's route entries are not found", () => {
    expect(() => graphOf({ "/site/app/root.tsx": [] })).toThrow(/ROUTE_ENTRY/);
  });
});
