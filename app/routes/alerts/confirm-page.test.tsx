/**
 * The confirmation page as the server renders it (issue 38): a link that changes how often says so,
 * before and after its button, and never that new alerts begin; a new sign-up's link still asks to
 * start them.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import ConfirmAlerts from "./confirm";

type Props = Parameters<typeof ConfirmAlerts>[0];

function render(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Props;
  const Stub = createRoutesStub([{ path: "/", Component: () => <ConfirmAlerts {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

const ask = { state: "ask", kind: "search", label: "Houses in Edmonton", frequency: "weekly", status: "pending" };

describe("the confirmation page", () => {
  it("asks to start alerts for a new sign-up", () => {
    const html = render({ ...ask, change: null });
    expect(html).toContain("Confirm your listing alerts");
    expect(html).toContain("Press the button to start listing alerts for this search");
    expect(html).not.toContain("change");
  });

  it("asks to change how often, from what to what, when the address already gets the search", () => {
    const html = render({ ...ask, change: { from: "daily" } });
    expect(html).toContain("Confirm the change to your alerts");
    expect(html).toMatch(
      /Press the button to change how often you get listing alerts for this search: <strong[^>]*>Houses in Edmonton<\/strong> from “Daily” to “Weekly”\./,
    );
    expect(html).toContain(">Confirm the change</button>");
    expect(html).toContain("your alerts stay as they are");
    expect(html).not.toContain("start");
  });

  it("after the button, says how often they now come, not that alerts began; a used link says it was already done", () => {
    const changed = render(
      { ...ask, change: { from: "daily" } },
      { status: "success", made: { state: "changed", label: "Houses in Edmonton", frequency: "weekly", managePath: "/alerts/manage/a.b" } },
    );
    expect(changed).toContain("How often is changed");
    expect(changed).toMatch(/Your alerts for <strong[^>]*>Houses in Edmonton<\/strong> now come weekly\./);
    expect(changed).not.toMatch(/subscribed|confirmed/);
    expect(changed).toContain('href="/alerts/manage/a.b"');
    const again = render(
      { ...ask, status: "changed", change: null },
      {
        status: "success",
        made: { state: "already-changed", label: "Houses in Edmonton", frequency: "instant", managePath: "/alerts/manage/a.b" },
      },
    );
    expect(again).toContain("This change was already confirmed");
    expect(again).toContain("now come as they happen.");
  });
});
