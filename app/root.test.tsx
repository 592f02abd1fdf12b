import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import type { Route } from "./+types/root";
import { ErrorBoundary } from "./root";

function render(error: unknown) {
  const props = { error, params: {}, loaderData: undefined } as unknown as Route.ErrorBoundaryProps;
  return renderToString(
    <MemoryRouter initialEntries={["/somewhere"]}>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
}

/** Renders once everything has loaded, as the server does (the not-found content is lazy). */
async function renderAll(error: unknown) {
  const props = { error, params: {}, loaderData: undefined } as unknown as Route.ErrorBoundaryProps;
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter initialEntries={["/somewhere"]}>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe("the root error screen", () => {
  it("shows 'Unexpected Application Error!' with 500 for a thrown error, and no stack trace", () => {
    const html = render(new Error("database exploded"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toMatch(/<span class="font-bold">500<\/span>/);
    expect(html).not.toContain("at render");
  });

  it("shows the status and text of an error response", () => {
    const html = render(new UNSAFE_ErrorResponseImpl(503, "Service Unavailable", null));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("503");
    expect(html).toContain("Service Unavailable");
  });

  it("shows the not-found page for a 404 error response", async () => {
    const html = await renderAll(new UNSAFE_ErrorResponseImpl(404, "Not Found", null));
    expect(html).toContain("Oops! This property is no longer available.");
  });
});
