/**
 * How the browser's scripts are cut into files (decisions 027 and 061), as Rollup's `manualChunks`:
 *
 * - **framework**: React and React Router, one file every page needs. React DOM is not in it: it
 *   stays in the entry chunk, which the page imports with import() once the routes are evaluated,
 *   so evaluating React DOM is a task of its own, not part of theirs.
 * - **shell**: what the root reaches through static imports, and what at least SHELL_MIN_ROUTES
 *   routes reach, unless all of those are articles (their layout is not every page's).
 * - **article**: what only articles use, and at least ARTICLE_MIN_ROUTES of them, with the blog
 *   registry. An article's parts that load on demand (import(), components/ui/lazy-part.tsx) count
 *   as the article's: what they share with other articles stays in this chunk, where it was
 *   before they were cut out (another route's import() is not followed).
 * - **shared chunks**: the rest that two or more routes share, one per set of routes using it
 *   (Rollup's own rule).
 * - what one route alone uses stays in that route's chunk.
 *
 * Every shared module gets a name on purpose: Rollup puts a named chunk's unnamed dependencies into
 * that chunk, so one left unnamed would follow its importer and drag the pages using it along.
 */

const FRAMEWORK = /\/node_modules\/(react|react-router)\//;
const ROOT_ROUTE = /\/app\/root\.tsx$/;
const ROUTE = /\/app\/routes\//;
/** How React Router names a route module it builds as an entry of the browser bundle. */
const ROUTE_ENTRY = /\?__react-router-build-client-route$/;
/** The blog's articles (app/routes/blog/<slug>.tsx). */
const ARTICLE_ENTRY = /\/app\/routes\/blog\/[^/]+\.tsx\?__react-router-build-client-route$/;
/** An article's module itself, whose import() calls load its parts on demand. */
const ARTICLE_FILE = /\/app\/routes\/blog\/[^/?]+\.tsx(\?.*)?$/;
/**
 * The blog registry: every article shows its own entry and its siblings', so it goes with the
 * articles' shared chunk; /blog and /my-sitemap, which list the posts too, load that chunk.
 * Counted as the articles' alone, it would join the shell (fifteen routes) and every page.
 */
const ARTICLE_DATA = /\/app\/content\/blog\/posts\.ts$/;
/**
 * A module this many routes reach joins the shell: the page header, the formatters, the
 * button. Chosen by measuring every key page's script (decision 027). What joins the shell runs
 * on every page, so it must not do work when it loads (the formatters build their Intl objects on
 * first use).
 */
export const SHELL_MIN_ROUTES = 10;
/**
 * A module only articles use, and at least this many, joins the article chunk. At 2, what two articles
 * alone use (a share bar, a lazy image: 3.6 KB compressed) would load with all twelve.
 */
export const ARTICLE_MIN_ROUTES = 3;

export interface ModuleGraph {
  ids: readonly string[];
  /** The modules `id` imports statically; import() stays lazy and is not followed. */
  imports: (id: string) => readonly string[];
  /** The modules `id` loads with import(): followed from an article's own module only (its parts that load on demand). */
  dynamicImports?: (id: string) => readonly string[];
  /** `id`'s code as the bundler has it before minifying. */
  codeLength: (id: string) => number;
}

/** The named chunk of every module that gets one; the rest is left to Rollup (routes' own code). */
export function planChunks(graph: ModuleGraph): Map<string, string> {
  const reach = (from: string, dynamic = false): Set<string> => {
    const reached = new Set<string>();
    const pending = [from];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (reached.has(id) || FRAMEWORK.test(id)) continue;
      reached.add(id);
      // Only the article's own import() calls: those deeper down (a lazy not-found page) are every page's and stay apart.
      pending.push(...graph.imports(id), ...(dynamic && ARTICLE_FILE.test(id) ? (graph.dynamicImports?.(id) ?? []) : []));
    }
    return reached;
  };
  const chunks = new Map<string, string>();
  for (const id of graph.ids) if (FRAMEWORK.test(id)) chunks.set(id, "framework");
  for (const root of graph.ids.filter((id) => ROOT_ROUTE.test(id))) for (const id of reach(root)) chunks.set(id, "shell");

  const routes = graph.ids.filter((id) => ROUTE_ENTRY.test(id));
  if (routes.length === 0) throw new Error("client-chunks: no route modules matched ROUTE_ENTRY; React Router renamed them, update it.");
  const routesUsing = new Map<string, Set<string>>();
  for (const route of routes) {
    const article = ARTICLE_ENTRY.test(route);
    for (const id of reach(route, article)) {
      if (chunks.has(id) || ROUTE.test(id) || (ARTICLE_DATA.test(id) && !article)) continue;
      (routesUsing.get(id) ?? routesUsing.set(id, new Set()).get(id)!).add(route);
    }
  }
  for (const [id, using] of routesUsing) {
    if (using.size >= SHELL_MIN_ROUTES && [...using].some((route) => !ARTICLE_ENTRY.test(route))) chunks.set(id, "shell");
  }

  // What three or more articles share and no other page uses: one chunk, so an article loads one file
  // for its layout, related posts, citations and tables rather than one for each set of articles.
  for (const [id, using] of routesUsing) {
    if (!chunks.has(id) && using.size >= ARTICLE_MIN_ROUTES && [...using].every((route) => ARTICLE_ENTRY.test(route)))
      chunks.set(id, "article");
  }

  // The rest two or more routes share: one chunk per set of routes, Rollup's own rule, named.
  const bySet = new Map<string, string[]>();
  for (const [id, using] of routesUsing) {
    if (chunks.has(id) || using.size < 2) continue;
    const key = [...using].sort().join("\n");
    (bySet.get(key) ?? bySet.set(key, []).get(key)!).push(id);
  }

  const taken = new Set(["framework", "shell", "article"]);
  for (const members of bySet.values()) {
    const largest = members.reduce((a, b) => (graph.codeLength(b) > graph.codeLength(a) ? b : a));
    const base = chunkName(largest);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    for (const id of members) chunks.set(id, name);
  }
  return chunks;
}

/** A chunk's name from its largest module's file name (`app/lib/listing-types.ts` → listing-types). */
function chunkName(id: string): string {
  const file =
    id
      .replace(/[?#].*$/, "")
      .split("/")
      .pop() ?? "shared";
  return file.replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9_-]/g, "-") || "shared";
}

interface ChunkMeta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
}

/** Rollup's `manualChunks` for the browser build: the plan is made once, on the first call, when the module graph is complete. */
export function clientChunks(): (id: string, meta: ChunkMeta) => string | undefined {
  let plan: Map<string, string> | undefined;
  return (id, meta) => {
    plan ??= planChunks({
      ids: [...meta.getModuleIds()],
      imports: (m) => meta.getModuleInfo(m)?.importedIds ?? [],
      dynamicImports: (m) => meta.getModuleInfo(m)?.dynamicallyImportedIds ?? [],
      codeLength: (m) => meta.getModuleInfo(m)?.code?.length ?? 0,
    });
    return plan.get(id);
  };
}
