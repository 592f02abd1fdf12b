import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Breadcrumbs, crumbsFor, leafLabelOf } from "./breadcrumbs";

describe("crumbsFor", () => {
  it("names catalogue pages by their labels, as before", () => {
    expect(crumbsFor("/blog/buying-a-home")).toMatchObject([
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog" },
      { path: "/blog/buying-a-home" },
    ]);
    expect(crumbsFor("/contact")).toEqual([
      { name: "Home", path: "/" },
      { name: "Contact", path: "/contact" },
    ]);
  });

  it("names the last crumb by the page's own label when it gives one", () => {
    expect(crumbsFor("/listings/29100001-27-rue-ste-emilie-beaumont", "27 Rue Ste-Émilie")).toEqual([
      { name: "Home", path: "/" },
      { name: "Listings", path: "/listings" },
      { name: "27 Rue Ste-Émilie", path: "/listings/29100001-27-rue-ste-emilie-beaumont" },
    ]);
    // Without one (an unknown listing's not-found page), the slug's words as before.
    expect(crumbsFor("/listings/29100001-27-rue-ste-emilie-beaumont").at(-1)?.name).toBe("27 Rue Ste Emilie Beaumont");
  });
});

describe("leafLabelOf", () => {
  it("asks the deepest route with a breadcrumb handle, with its loader data", () => {
    const handle = { breadcrumb: (data: unknown) => (data as { name: string } | undefined)?.name ?? null };
    expect(leafLabelOf([{ handle: undefined }, { handle, loaderData: { name: " 27 Rue Ste-Émilie " } }])).toBe("27 Rue Ste-Émilie");
    expect(leafLabelOf([{ handle: undefined }, { handle, loaderData: undefined }])).toBeNull();
    expect(leafLabelOf([{ handle: undefined }, { handle: { other: true } }])).toBeNull();
  });
});

describe("the breadcrumb bar", () => {
  it("shows and publishes the listing's own address, accents and punctuation kept", () => {
    const path = "/listings/29100001-27-rue-ste-emilie-beaumont";
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: Breadcrumbs,
        children: [{ id: "listing", path: "listings/:slug", Component: () => null, handle: { breadcrumb: () => "27 Rue Ste-Émilie" } }],
      },
    ]);
    const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root: null, listing: null } }} />);
    expect(html).toMatch(/<span aria-current="page"[^>]*>27 Rue Ste-Émilie<\/span>/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      itemListElement: { name: string; item: string }[];
    };
    expect(jsonLd.itemListElement.map((i) => i.name)).toEqual(["Home", "Listings", "27 Rue Ste-Émilie"]);
    expect(jsonLd.itemListElement.at(-1)!.item).toMatch(new RegExp(`${path}$`));
  });

  it("makes a token page's crumbs for the path its handle names: no link and no structured data repeats the token", () => {
    const token = "MS4xNzk2MTk4NDcxOTc0.ZeddXT4Ct";
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: Breadcrumbs,
        children: [
          {
            id: "manage",
            path: "alerts/manage/:token",
            Component: () => null,
            handle: { breadcrumb: () => "Your listing alerts", breadcrumbPath: "/alerts" },
          },
        ],
      },
    ]);
    const html = renderToString(
      <Stub initialEntries={[`/alerts/manage/${token}`]} hydrationData={{ loaderData: { root: null, manage: null } }} />,
    );
    expect(html).not.toContain(token);
    expect(html).not.toContain("/alerts/manage");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      itemListElement: { name: string; item: string }[];
    };
    expect(jsonLd.itemListElement.map((i) => i.name)).toEqual(["Home", "Your listing alerts"]);
  });
});
