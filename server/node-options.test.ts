import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_OPTIONS } from "./node-options";

describe("the production server's Node options", () => {
  it("are the ones `npm run serve` starts it with", () => {
    const serve = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> })
      .scripts.serve!;
    expect(serve).toContain(`node ${SERVER_NODE_OPTIONS.join(" ")} `);
  });

  it("are the ones the systemd unit starts it with", () => {
    const unit = readFileSync(new URL("../deploy/agent-site.service", import.meta.url), "utf8");
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${SERVER_NODE_OPTIONS.join(" ")} build/server\\.js$`, "m"));
  });
});
