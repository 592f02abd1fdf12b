/**
 * npm run audit:security: the Mozilla HTTP Observatory scanner (@mdn/mdn-http-observatory 1.4.8)
 * against the production server, behind a local TLS terminator with a self-signed certificate,
 * exactly as it would sit behind a load balancer. Prints the grade, the score and every test.
 * Target: A+.
 *
 * The scanner only speaks to ports 80 and 443 of a host name, so this binds them on the loopback
 * addresses (it must run as root or with the capability to bind low ports). Requires a build
 * (npm run build, done by the npm script) and openssl.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { readConfig } from "../platform/config";
import { readScriptConfig } from "../scripts/script-config";
import { SERVER_NODE_OPTIONS } from "../server/node-options";

const config = readConfig();

const appPort = readScriptConfig().AUDIT_APP_PORT;
const work = mkdtempSync(path.join(tmpdir(), "observatory-"));
const key = path.join(work, "key.pem");
const cert = path.join(work, "cert.pem");

execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "2",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
  ],
  { stdio: "ignore" },
);

// The scanner reads these lists, which its install step would download; offline they start empty.
const observatoryDir = path.dirname(fileURLToPath(import.meta.resolve("@mdn/mdn-http-observatory/package.json")));
for (const [file, content] of [
  ["hsts-preload.json", "{}"],
  ["tld-list.json", "[]"],
] as const) {
  const target = path.join(observatoryDir, "conf", file);
  if (!existsSync(target)) writeFileSync(target, content);
}

const app = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(config.BUILD_DIR, "server.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    SITE_URL: "https://localhost",
    DATA_DIR: path.join(work, "data"),
  },
  stdio: ["ignore", "ignore", "inherit"],
});

/** Forwards a request to the app, telling it which scheme the visitor used (as a proxy does). */
function forward(proto: "http" | "https"): http.RequestListener {
  return (req, res) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-proto": proto, "x-forwarded-for": req.socket.remoteAddress ?? "" },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
}

const servers = [
  ...["127.0.0.1", "::1"].map((host) =>
    https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, forward("https")).listen(443, host),
  ),
  ...["127.0.0.1", "::1"].map((host) => http.createServer(forward("http")).listen(80, host)),
];

async function waitForApp() {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`http://127.0.0.1:${appPort}/healthz`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error("the server did not start");
}

let exitCode = 0;
try {
  await waitForApp();
  const scanner = path.join(observatoryDir, "src", "scan.js");
  // Asynchronously: the proxies above run in this process's event loop.
  const { stdout: output } = await promisify(execFile)(process.execPath, [scanner, "localhost"], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    encoding: "utf8",
  });
  const result = JSON.parse(output) as {
    error?: string;
    scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
    tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
  };
  if (result.error) throw new Error(result.error);
  for (const [name, test] of Object.entries(result.tests)) {
    console.log(`${test.pass ? "pass" : "FAIL"}  ${name.padEnd(32)} ${String(test.scoreModifier).padStart(4)}  ${test.result}`);
  }
  console.log(
    `\nHTTP Observatory: grade ${result.scan.grade}, score ${result.scan.score}, ${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed (target A+)`,
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const s of servers) s.close();
  app.kill("SIGTERM");
}
process.exit(exitCode);
