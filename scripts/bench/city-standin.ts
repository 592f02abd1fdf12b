/**
 * The City stand-in for the assessment roll's bench (scripts/bench/assessments.ts), in a process
 * of its own so that the bench's memory figures are the importing process's alone: it generates
 * a roll of `accounts` accounts (no history), serves its first 2,000 (a small roll to make live
 * first) until asked for the whole one (POST /bench/full), and prints one JSON line with its
 * address and an address of the roll to look up.
 */
import { type Hood, boundaryOverlaps, generateRoll } from "../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../tests/fixtures/city/soda-standin";

const accounts = Number(process.argv[2] ?? "440000");
// About as many neighbourhoods as the City's roll has homes for: the generator's eight, and more
// on a grid across the city where their boundaries fit (a neighbourhood's figures are worked out
// one neighbourhood a statement, so eight of 55,000 accounts each would not be the real load).
const extraHoods: Hood[] = [];
for (let lat = 53.38; lat < 53.66; lat += 0.026)
  for (let lon = -113.7; lon < -113.3; lon += 0.0315) {
    if (boundaryOverlaps([lon, lat], extraHoods)) continue;
    const n = extraHoods.length + 1;
    extraHoods.push({
      id: String(8000 + n),
      name: `BENCH AREA ${n}`,
      ward: "Métis",
      lat,
      lon,
      quadrant: "NW",
      value: 300_000 + (n % 10) * 60_000,
      streets: [`BENCH AREA ${n} CRESCENT NW`, `BENCH AREA ${n} CLOSE NW`, `${100 + (n % 80)} STREET NW`],
    });
  }
const data = generateRoll({ accounts, seed: 44, history: false, extraHoods });
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
console.log(
  JSON.stringify({
    baseUrl: city.baseUrl,
    neighbourhoods: 8 + extraHoods.length,
    probe: `${String(probe.house_number)} ${String(probe.street_name)}`,
  }),
);
process.on("SIGTERM", () => void city.close().then(() => process.exit(0)));
