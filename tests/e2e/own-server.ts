/**
 * A production server of the e2e build started by a spec for itself, with its own database and
 * settings (its own DDF stand-in, SMTP peer, short job intervals), for the specs whose changes
 * would disturb the shared servers of playwright.config.ts. Its output goes to a file beside the
 * test's results; stop() ends it (SIGTERM, then SIGKILL after 15 s) and removes its data folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Page, expect } from "@playwright/test";
import { e2eFeedEnv } from "../../playwright.config";
import { SERVER_NODE_OPTIONS } from "../../server/node-options";
import { type TestOnlySettings, testOnlyValue } from "../../platform/config";

/** A port nobody listens on now (the kernel's pick), for a server started by a test. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface OwnServer {
  origin: string;
  dataDir: string;
  logPath: string;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the feed server's build and configuration with `env` on top, on a free port with a fresh
 * data folder (it answers once it has started). `testOnly` goes over the feed server's TEST_ONLY
 * and any in `env` (the stand-ins, quicker clocks: decision 052).
 */
export async function startOwnServer(
  name: string,
  logPath: string,
  env: Record<string, string>,
  testOnly: TestOnlySettings = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agent-site-e2e-${name}-`));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const log = createWriteStream(logPath);
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.resolve(e2eFeedEnv.BUILD_DIR, "server.js")], {
    env: {
      ...process.env,
      ...e2eFeedEnv,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dataDir,
      ...env,
      TEST_ONLY: testOnlyValue(e2eFeedEnv.TEST_ONLY, env.TEST_ONLY, testOnly),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const kill = () => server.kill("SIGKILL");
  // A worker that ends without its afterAll (killed after a timeout) takes the server with it.
  process.once("exit", kill);
  return {
    origin,
    dataDir,
    logPath,
    output: () => readFileSync(logPath, "utf8"),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        kill();
      }
      process.off("exit", kill);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The inbox account a spec makes on its own server. */
export interface OwnAgent {
  name: string;
  email: string;
  password: string;
}

/**
 * Makes the first inbox account from the set-up link the server printed, opened at `origin` (the
 * site's public address: the server's own, or the shared cache's in front of it).
 */
export async function createFirstAccount(page: Page, server: OwnServer, agent: OwnAgent, origin = server.origin): Promise<string> {
  const link = server.output().match(/\[inbox\] No account yet\. .*?: (http\S+\/inbox\/setup\/\S+)/)?.[1];
  expect(link, "the set-up link in the server's output").toBeTruthy();
  await page.goto(`${origin}${new URL(link!).pathname}`);
  await page.getByLabel("Your name").fill(agent.name);
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/inbox\/account\?welcome$/);
  return link!;
}

/** Signs the agent in at `origin` with their password. */
export async function signIn(page: Page, origin: string, agent: OwnAgent): Promise<void> {
  await page.goto(`${origin}/inbox/sign-in`);
  await page.getByLabel("E-mail").fill(agent.email);
  await page.getByLabel("Password").fill(agent.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/inbox$/);
}
