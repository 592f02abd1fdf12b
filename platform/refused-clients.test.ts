/** The form quota's memory of the clients it refused outright, by the path React Router routes (issue 38). */
import { describe, expect, it } from "vitest";
import { REFUSED_CLIENTS_KEPT, REFUSED_PATHS_PER_CLIENT, RefusedClients, routerPathOf } from "./refused-clients";

describe("routerPathOf", () => {
  it("gives the path React Router routes by: .data and a trailing slash dropped, dot segments resolved", () => {
    for (const path of ["/contact", "/contact/", "/contact.data", "/contact/.data", "/about/../contact", "/about/%2e%2e/contact"])
      expect(routerPathOf(path), path).toBe("/contact");
    expect(routerPathOf("/_root.data")).toBe("/");
    expect(routerPathOf("/")).toBe("/");
  });

  it("keeps apart what React Router may route apart: case, escapes, a leading //", () => {
    expect(routerPathOf("/Contact")).toBe("/Contact");
    expect(routerPathOf("/%63ontact")).toBe("/%63ontact");
    expect(routerPathOf("//evil/contact")).toBe("//evil/contact");
  });

  it("remembers no over-long path", () => {
    expect(routerPathOf(`/listings/${"x".repeat(300)}`)).toBeNull();
  });
});

describe("RefusedClients", () => {
  it("remembers a client on the paths it was refused on, until its window ends", () => {
    const refused = new RefusedClients();
    refused.remember("198.51.100.66", "/contact", 30, 1_000_000);
    expect(refused.secondsLeft("198.51.100.66", "/contact.data", 1_000_000)).toBe(30);
    expect(refused.secondsLeft("198.51.100.66", "/contact/", 1_020_500)).toBe(10);
    expect(refused.secondsLeft("198.51.100.66", "/welcome", 1_000_000)).toBeNull();
    expect(refused.secondsLeft("198.51.100.67", "/contact", 1_000_000)).toBeNull();
    expect(refused.secondsLeft("198.51.100.66", "/contact", 1_030_000)).toBeNull();
    expect(refused.size).toBe(0);
  });

  it(`keeps the last ${REFUSED_PATHS_PER_CLIENT} paths of a client`, () => {
    const refused = new RefusedClients();
    const paths = Array.from({ length: REFUSED_PATHS_PER_CLIENT + 1 }, (_, i) => `/listings/home-${i}`);
    for (const path of paths) refused.remember("c", path, 60);
    expect(refused.secondsLeft("c", paths[0]!)).toBeNull();
    for (const path of paths.slice(1)) expect(refused.secondsLeft("c", path)).toBe(60);
  });

  it(`keeps at most ${REFUSED_CLIENTS_KEPT} clients, the oldest leaving first`, () => {
    const refused = new RefusedClients();
    for (let i = 0; i <= REFUSED_CLIENTS_KEPT; i++) refused.remember(`key-${i}`, "/contact", 60);
    expect(refused.size).toBe(REFUSED_CLIENTS_KEPT);
    expect(refused.secondsLeft("key-0", "/contact")).toBeNull();
    expect(refused.secondsLeft(`key-${REFUSED_CLIENTS_KEPT}`, "/contact")).toBe(60);
  });
});
