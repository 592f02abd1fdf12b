/**
 * The layers' boundaries (docs/architecture.md, decision 049) are lint errors: a file that imports
 * across one, even a type, fails `npm run lint`, and the tree as it stands has none.
 */
import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const RULE = "import-x/no-restricted-paths";
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The boundary errors of `code` linted as if it were the file at `file` (nothing is written). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("a wrong import fails the lint", () => {
  it.each([
    [
      "a component imports a server module's types",
      "app/components/inbox/wrong.tsx",
      'import type { Session } from "~/lib/server/inbox/sessions.server";\nexport type S = Session;\n',
      /A component imports/,
    ],
    [
      "a component imports a route",
      "app/components/wrong.tsx",
      'import { loader } from "~/routes/listing";\nexport const l = loader;\n',
      /A component imports nothing of the server/,
    ],
    [
      "the domain imports the wiring",
      "app/lib/server/inbox/wrong.server.ts",
      'import { securityHeaders } from "../../../../server/security-headers";\nexport const h = securityHeaders;\n',
      /server\/ is the wiring/,
    ],
    [
      "the router context imports the wiring's types",
      "app/wrong.ts",
      'import type { RenderCache } from "../server/render-cache";\nexport type R = RenderCache;\n',
      /server\/ is the wiring/,
    ],
    [
      "the domain imports a component",
      "app/lib/server/mail/wrong.server.ts",
      'import { AlertSignUp } from "~/components/alerts/alert-sign-up";\nexport const a = AlertSignUp;\n',
      /The domain imports no component/,
    ],
    [
      "the platform imports the site's content",
      "platform/wrong.ts",
      'import { site } from "../app/content/site";\nexport const s = site;\n',
      /platform\/ is below/,
    ],
    [
      "the platform imports the wiring",
      "platform/db/wrong.ts",
      'import { startLeadRuntime } from "../../server/runtime";\nexport const r = startLeadRuntime;\n',
      /platform\/ is below/,
    ],
    [
      "pure code imports a component",
      "app/lib/wrong.ts",
      'import type { ListingCard } from "~/components/listings/listing-card";\nexport type C = typeof ListingCard;\n',
      /Pure app\/lib imports/,
    ],
    [
      "pure code imports the domain's server code",
      "app/lib/html/wrong.ts",
      'import type { Mailer } from "~/lib/server/mail/mailer.server";\nexport type M = Mailer;\n',
      /Pure app\/lib imports/,
    ],
    [
      "pure code imports an article's data",
      "app/lib/wrong.ts",
      'import { post } from "~/content/blog/data/quick-mortgage-guide-for-homebuyers";\nexport const p = post;\n',
      /the articles import them/,
    ],
    [
      "content imports a component",
      "app/content/wrong.ts",
      'import { Button } from "~/components/ui/button";\nexport const b = Button;\n',
      /Content imports/,
    ],
    [
      "production code imports a test helper",
      "app/lib/server/push/wrong.server.ts",
      'import { accountIn } from "../../../../tests/support/push";\nexport const a = accountIn;\n',
      /Test helpers/,
    ],
  ])("%s", async (_what, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors.length, errors.join("\n")).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(message);
  });

  it("lets each layer import the ones below it", async () => {
    expect(
      await boundaryErrors(
        "app/components/wrong.tsx",
        'import { formatDuration } from "~/lib/format";\nimport type { ResponseTimes } from "~/lib/response-times";\nexport const f = formatDuration;\nexport type R = ResponseTimes;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "app/lib/server/inbox/wrong.server.ts",
        'import { select } from "../../../../platform/db/query";\nimport { people } from "../../../../db/schema";\nexport const s = [select, people];\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "server/wrong.ts",
        'import { startLeadRuntime } from "./runtime";\nimport { responseTimes } from "../app/lib/server/inbox/response-times.server";\nexport const r = [startLeadRuntime, responseTimes];\n',
      ),
    ).toEqual([]);
  });
});

describe("the tree", () => {
  it("crosses no boundary", { timeout: 300_000 }, async () => {
    const results = await eslint.lintFiles(["app", "platform", "server", "db"]);
    const errors = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === RULE).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(errors).toEqual([]);
    // The rule did look at the files (a resolver that found nothing would report nothing).
    expect(results.length).toBeGreaterThan(300);
  });
});
