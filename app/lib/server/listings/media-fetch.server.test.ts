/**
 * The media rules on their own (the photos-*.server.test.ts files show them against recording servers): which
 * URLs pass before any connection (the addresses themselves: platform/net/public-address.test.ts).
 */
import { describe, expect, it } from "vitest";
import { readConfig, testOnlyValue } from "../../../../platform/config";
import { MediaRefused, mediaFetcherOf } from "./media-fetch.server";

describe("MediaFetcher.check (before any connection)", () => {
  const fetcher = (hosts: string, http = false) =>
    mediaFetcherOf(readConfig({ DDF_MEDIA_HOSTS: hosts, ...(http ? { TEST_ONLY: testOnlyValue({ mediaHttp: true }) } : {}) }));
  const refusal = (f: ReturnType<typeof fetcher>, url: string) => {
    try {
      f.check(new URL(url));
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(MediaRefused);
      return (error as Error).message;
    }
  };

  it("by default allows CREA's media host over HTTPS, on its own port, and nothing else", () => {
    const f = mediaFetcherOf(readConfig({}));
    expect(refusal(f, "https://ddfcdn.realtor.ca/listings/1/highres/a.jpg")).toBeNull();
    expect(refusal(f, "https://DDFCDN.realtor.ca:443/a.jpg")).toBeNull();
    expect(refusal(f, "http://ddfcdn.realtor.ca/a.jpg")).toMatch(/HTTPS only; plain HTTP is for a test stand-in only/);
    expect(refusal(f, "https://ddfcdn.realtor.ca:8443/a.jpg")).toMatch(/ddfcdn\.realtor\.ca:8443 is not one of DDF_MEDIA_HOSTS/);
    expect(refusal(f, "https://ddfcdn.realtor.ca.evil.example/a.jpg")).toMatch(/not one of DDF_MEDIA_HOSTS/);
    expect(refusal(f, "https://user:pw@ddfcdn.realtor.ca/a.jpg")).toMatch(/credentials/);
    expect(refusal(f, "file:///etc/passwd")).toMatch(/file: is not allowed/);
  });

  it("uses an address written with its port as written, and checks one written without", () => {
    const f = fetcher("127.0.0.1:3199,10.0.0.5,[::1]:8080,[::1]", true);
    expect(refusal(f, "http://127.0.0.1:3199/a.jpg")).toBeNull();
    expect(refusal(f, "http://[::1]:8080/a.jpg")).toBeNull();
    expect(refusal(f, "https://10.0.0.5/a.jpg")).toMatch(/^10\.0\.0\.5 is a private/);
    expect(refusal(f, "https://[::1]/a.jpg")).toMatch(/^::1 is a loopback address/);
    expect(refusal(f, "http://127.0.0.1/a.jpg")).toMatch(/not one of DDF_MEDIA_HOSTS/);
    expect(refusal(f, "http://127.0.0.1:3198/a.jpg")).toMatch(/not one of DDF_MEDIA_HOSTS/);
  });
});
