/**
 * Runs one of the operator's commands compiled by `npm run build` (BUILD_DIR/<name>.js, see
 * scripts/build-server.ts) with plain node, so they work on a production install without tsx.
 * Before any build there is nothing to run: say so in one line instead of node's stack trace.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const [name, ...args] = process.argv.slice(2);
const file = path.join(process.env.BUILD_DIR || "build", `${name}.js`);
if (!existsSync(file)) {
  console.error(`${file} does not exist yet: run \`npm run build\` (or \`npm start\`) once, then \`npm run ${name}\` again.`);
  process.exit(1);
}
const child = spawn(process.execPath, ["--enable-source-maps", file, ...args], { stdio: "inherit" });
// Ctrl-C reaches the command itself (same terminal), which stops cleanly: wait for it.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
