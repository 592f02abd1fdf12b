import { describe, expect, it } from "vitest";
import { readmeTableRows } from "../tests/support/readme-table";
import {
  ConfigError,
  REMOVED_VARIABLES,
  configSchema,
  configWarnings,
  dataDirMinFreeBytes,
  readConfig,
  siteUrlOf,
  testOnlyValue,
} from "./config";

/** The rows of the README's configuration table (the first table under "## Configuration"). */
const readmeRows = () => readmeTableRows("## Configuration");

describe("the configuration schema", () => {
  it("lists exactly the variables of the README's configuration table", () => {
    const documented = readmeRows().flatMap((r) => r.names);
    expect([...documented].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it("has the defaults the README gives", () => {
    const defaults = readConfig({});
    for (const row of readmeRows()) {
      const cells = [...row.defaults.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
      row.names.forEach((name) => {
        const value = defaults[name as keyof typeof defaults];
        // Literal defaults (numbers, plain strings) stand in the README's cell, in order.
        if (typeof value === "number") expect(cells, name).toContain(String(value));
        if (typeof value === "string" && name !== "DATA_DIR" && !name.includes("EMAIL") && name !== "MAIL_FROM")
          expect(cells, name).toContain(value);
      });
    }
  });

  it("stops at a bad value with one line naming the variable", () => {
    expect(() => readConfig({ PORT: "abc" })).toThrow(new ConfigError('PORT must be a whole number from 1 to 65535, got "abc"'));
    expect(() => readConfig({ HEALTH_MIN_FREE_MB: "-1" })).toThrow(
      new ConfigError('HEALTH_MIN_FREE_MB must be a whole number of at least 0, got "-1"'),
    );
    expect(() => readConfig({ OUTBOX_WORKER: "maybe" })).toThrow(/^OUTBOX_WORKER must be "on" or "off"/);
    expect(() => readConfig({ AGENT_NOTIFY_EMAIL: "agent" })).toThrow(/^AGENT_NOTIFY_EMAIL must be an e-mail address/);
  });

  it("never echoes a connection URL, which may hold a password", () => {
    try {
      readConfig({ DATABASE_URL: "mysql://admin:hunter2@db/site" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe("DATABASE_URL must be a URL starting with postgres:// or postgresql://, (value not shown)");
    }
    expect(() => readConfig({ SMTP_URL: "http://user:hunter2@mail" })).toThrow(/^SMTP_URL .*\(value not shown\)$/);
  });

  it("takes an empty or blank value as unset, and on/off in any case", () => {
    const config = readConfig({ SMTP_URL: "", DATABASE_URL: "  ", PORT: " 8080 ", OUTBOX_WORKER: "OFF" });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
    expect(config.OUTBOX_WORKER).toBe(false);
  });

  it("reads DDF_MEDIA_HOSTS as hosts with their ports, as photo URLs spell them", () => {
    expect(readConfig({}).DDF_MEDIA_HOSTS).toEqual([{ hostname: "ddfcdn.realtor.ca", port: undefined }]);
    expect(readConfig({ DDF_MEDIA_HOSTS: " CDN.Example , 127.0.0.1:3199,[::FFFF:127.0.0.1]:8080,2130706433" })).toMatchObject({
      DDF_MEDIA_HOSTS: [
        { hostname: "cdn.example", port: undefined },
        { hostname: "127.0.0.1", port: 3199 },
        { hostname: "[::ffff:7f00:1]", port: 8080 },
        { hostname: "127.0.0.1", port: undefined },
      ],
    });
    for (const bad of ["https://cdn.example", "cdn.example/photos", "user@cdn.example", "cdn.example:0", "cdn.example:70000", ",", "a b"]) {
      expect(() => readConfig({ DDF_MEDIA_HOSTS: bad }), bad).toThrow(
        /^DDF_MEDIA_HOSTS must list host names, or host:port, separated by commas/,
      );
    }
  });

  it("keeps the assessment roll off unless ASSESSMENTS=on, from the City's portal by default, and never shows its app token", () => {
    expect(readConfig({})).toMatchObject({
      ASSESSMENTS: false,
      ASSESSMENTS_URL: "https://data.edmonton.ca",
      ASSESSMENTS_APP_TOKEN: undefined,
      ASSESSMENTS_WORKER: true,
    });
    expect(readConfig({ ASSESSMENTS: "on", ASSESSMENTS_URL: "http://127.0.0.1:4591/city", ASSESSMENTS_APP_TOKEN: "tok" })).toMatchObject({
      ASSESSMENTS: true,
      ASSESSMENTS_URL: "http://127.0.0.1:4591/city",
      ASSESSMENTS_APP_TOKEN: "tok",
    });
    expect(() => readConfig({ ASSESSMENTS_URL: "ftp://data.example" })).toThrow(/^ASSESSMENTS_URL/);
  });

  it("takes SITE_URL as an origin only, which pages can carry as is (decision 032)", () => {
    expect(siteUrlOf(readConfig({}))).toBe("http://localhost:3000");
    expect(siteUrlOf(readConfig({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(siteUrlOf(readConfig({ SITE_URL: "https://WWW.AveryHomes.example:443/" }))).toBe("https://www.averyhomes.example");
    expect(siteUrlOf(readConfig({ SITE_URL: "http://[::1]:3100" }))).toBe("http://[::1]:3100");
    for (const bad of [
      "https://www.example.com/site",
      "https://www.example.com/?a=1",
      "https://www.example.com/#x",
      "https://u:p@www.example.com",
      "https://x.example/?",
    ]) {
      expect(() => readConfig({ SITE_URL: bad }), bad).toThrow(
        /^SITE_URL must be the site's origin alone \(scheme, host and optional port/,
      );
    }
    expect(() => readConfig({ SITE_URL: "ftp://x.example" })).toThrow(/^SITE_URL must be a URL starting with http:\/\/ or https:\/\//);
  });

  it("asks more free space of DATA_DIR for PGlite than for the mail folder alone", () => {
    expect(dataDirMinFreeBytes(readConfig({}))).toBe(64 * 1024 * 1024);
    expect(dataDirMinFreeBytes(readConfig({ DATABASE_URL: "postgres://localhost/site" }))).toBe(1024 * 1024);
  });
});

describe("the variables no longer read (decision 052)", () => {
  const removed = Object.fromEntries(REMOVED_VARIABLES.map((name) => [name, "abc"]));

  it("are ignored, even with values the old schema refused, and none of them is read any more", () => {
    expect(() => readConfig(removed)).not.toThrow();
    for (const name of REMOVED_VARIABLES) expect(Object.keys(configSchema.shape), name).not.toContain(name);
    // The stand-in switches above all: an old DDF_MEDIA_HTTP=on or PUSH_LOCAL_HOSTS enables nothing, in production or not.
    for (const NODE_ENV of ["production", "development"]) {
      const config = readConfig({
        NODE_ENV,
        DDF_MEDIA_HTTP: "on",
        PUSH_LOCAL_HOSTS: "127.0.0.1:3199",
        DDF_TOKEN_URL: "http://127.0.0.1:3199/token",
        DATA_DIR_MIN_FREE_MB: "0",
      });
      expect(config.TEST_ONLY).toBeUndefined();
      expect(dataDirMinFreeBytes(config)).toBe(64 * 1024 * 1024);
    }
  });

  it("are named at start-up, once, so the operator can remove them; a clean environment has nothing to say", () => {
    expect(configWarnings(readConfig({}), {})).toEqual([]);
    const env = { OUTBOX_POLL_MS: "5000", DDF_MEDIA_HTTP: "on", PORT: "3000" };
    expect(configWarnings(readConfig(env), env)).toEqual([
      "[config] OUTBOX_POLL_MS, DDF_MEDIA_HTTP are no longer read and ignored (decision 052); remove them from the environment",
    ]);
  });
});

describe("TEST_ONLY, the one test-only variable (decision 052)", () => {
  it("is off unless set, and carries the stand-ins and the quicker clocks", () => {
    expect(readConfig({}).TEST_ONLY).toBeUndefined();
    const value = testOnlyValue(
      { mediaHttp: true, pushLocalHosts: ["127.0.0.1:3199"] },
      { ddfApiUrl: "http://127.0.0.1:3199/ddf/odata/v1", outboxPollMs: 200 },
      '{"outboxPollMs":300}',
    );
    expect(readConfig({ TEST_ONLY: value }).TEST_ONLY).toEqual({
      mediaHttp: true,
      pushLocalHosts: [{ hostname: "127.0.0.1", port: 3199 }],
      ddfApiUrl: "http://127.0.0.1:3199/ddf/odata/v1",
      outboxPollMs: 300,
    });
  });

  it("refuses what is not one of its settings, so a misspelt switch never passes for off", () => {
    expect(() => readConfig({ TEST_ONLY: "mediaHttp" })).toThrow(/^TEST_ONLY must be a JSON object of test-only settings/);
    expect(() => readConfig({ TEST_ONLY: '{"mediaHTTP":true}' })).toThrow(/^TEST_ONLY .*mediaHTTP/);
    expect(() => readConfig({ TEST_ONLY: '{"outboxPollMs":0}' })).toThrow(
      /^TEST_ONLY \(outboxPollMs\) must be a whole number of at least 1/,
    );
    expect(() => readConfig({ TEST_ONLY: '{"pushLocalHosts":["push.example"]}' })).toThrow(
      /^TEST_ONLY \(pushLocalHosts\) must list address:port entries/,
    );
  });

  it("is announced loudly at start-up, production or not", () => {
    const env = { NODE_ENV: "production", TEST_ONLY: testOnlyValue({ mediaHttp: true }) };
    expect(configWarnings(readConfig(env), env)).toEqual([
      "[config] *** TEST_ONLY IS SET IN PRODUCTION: this server runs a test's stand-ins and clocks (mediaHttp). Never set it on a real site. ***",
    ]);
    const dev = { TEST_ONLY: testOnlyValue({ formRateLimitMax: 3 }) };
    expect(configWarnings(readConfig(dev), dev)[0]).toMatch(/^\[config\] \*\*\* TEST_ONLY IS SET: .*\(formRateLimitMax\)/);
  });
});
