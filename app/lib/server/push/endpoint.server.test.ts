import { describe, expect, it } from "vitest";
import { browserName, endpointProblem } from "./endpoint.server";

const resolveTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const publicDns = { localHosts: [], resolve: resolveTo("142.250.72.10") };

describe("endpointProblem: the server stores only endpoints it may call", () => {
  it("accepts an https endpoint whose host has only public addresses", async () => {
    expect(await endpointProblem("https://fcm.googleapis.com/fcm/send/abc:def", publicDns)).toBeNull();
  });
  it("accepts port 443 spelled out (the URL drops it: it is https's own)", async () => {
    expect(await endpointProblem("https://fcm.googleapis.com:443/fcm/send/abc:def", publicDns)).toBeNull();
  });
  it.each([
    ["http://fcm.googleapis.com/fcm/send/x", /https/],
    ["https://127.0.0.1/push", /public internet/],
    ["https://[::1]/push", /public internet/],
    ["https://[::1]:8443/push", /port \(443\)/],
    ["https://169.254.169.254/latest/meta-data", /public internet/],
    ["https://10.0.0.5/push", /public internet/],
    ["https://user:pw@push.example.com/x", /invalid/],
    ["https://8.8.8.8:22/", /port \(443\)/],
    ["https://fcm.googleapis.com:8443/fcm/send/x", /port \(443\)/],
    ["https://[2606:4700::1111]:25/x", /port \(443\)/],
    ["javascript:alert(1)", /https/],
    ["not a url", /invalid/],
    [`https://push.example.com/${"a".repeat(1001)}`, /invalid/],
  ])("refuses %s", async (endpoint, why) => {
    expect(await endpointProblem(endpoint, publicDns)).toMatch(why);
  });
  it("refuses a name that resolves to a private address, even beside a public one (DNS decides, not the name)", async () => {
    expect(
      await endpointProblem("https://push.attacker.example/x", { localHosts: [], resolve: resolveTo("142.250.72.10", "192.168.1.1") }),
    ).toMatch(/public internet/);
    expect(await endpointProblem("https://push.attacker.example/x", { localHosts: [], resolve: resolveTo("::ffff:127.0.0.1") })).toMatch(
      /public internet/,
    );
  });
  it("refuses a name that does not resolve", async () => {
    const resolve = async () => {
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    expect(await endpointProblem("https://nowhere.example/x", { localHosts: [], resolve })).toMatch(/could not be found/);
  });
  it("accepts an address:port the operator listed as a local push service (the tests' stand-in), and only that port", async () => {
    const rules = { localHosts: [{ hostname: "127.0.0.1", port: 4555 }], resolve: resolveTo() };
    expect(await endpointProblem("https://127.0.0.1:4555/push/a", rules)).toBeNull();
    expect(await endpointProblem("https://127.0.0.1:4556/push/a", rules)).toMatch(/port \(443\)/);
    expect(await endpointProblem("https://127.0.0.1/push/a", rules)).toMatch(/public internet/);
  });
});

describe("browserName", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on Mac"],
    [null, "A browser"],
  ])("%s", (ua, name) => {
    expect(browserName(ua)).toBe(name);
  });
});
