/**
 * The City stand-in for the assessment roll's bench (scripts/bench/assessments.ts), in a process
 * of its own so that the bench's memory figures are the importing process's alone: it generates
 * a roll of `accounts` accounts (no history), serves its first 2,000 (a small roll to make live
 * first) until asked for the whole one (POST /bench/full), and prints one JSON line with its
 * address and an address of the roll to look up.
 */
import { generateRoll } from "../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../tests/fixtures/city/soda-standin";

const accounts = Number(process.argv[2] ?? "440000");
const data = generateRoll({ accounts, seed: 44, history: false });
const full = { roll: data.roll, info: data.propertyInfo };
const city = await startSodaStandIn({
  data: { ...data, roll: data.roll.slice(0, 2000), propertyInfo: data.propertyInfo.slice(0, 2000) },
});
const original = city.handle;
city.handle = (req, res) => {
  if (req.method === "POST" && req.url === "/bench/full") {
    city.rows.set("q7d6-ambg", full.roll);
    city.rows.set("dkk9-cj3x", full.info);
    res.writeHead(204).end();
    return;
  }
  original(req, res);
};
const probe = data.roll.find((r) => !r.suite)!;
console.log(JSON.stringify({ baseUrl: city.baseUrl, probe: `${String(probe.house_number)} ${String(probe.street_name)}` }));
process.on("SIGTERM", () => void city.close().then(() => process.exit(0)));
