/**
 * `npm run midas:sim -- --port 8090 --key demo-key-0123456789`
 *
 * A local stand-in for MIDAS Civil NX's API (test/midas-sim): point Pontifex's
 * MIDAS connection at the printed base URL with the same key to try Create
 * Midas, Run analysis and the result pages without Civil NX. See docs/midas.md.
 */
import { parseArgs } from "node:util";
import { MIDAS_SIM_PORT } from "@/lib/midas/client";
import { MAPI_KEY_MIN_LENGTH } from "@/lib/midas/key";
import { startMidasSimulator } from "@/test/midas-sim";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: String(MIDAS_SIM_PORT) },
    host: { type: "string", default: "127.0.0.1" },
    key: { type: "string", default: process.env.MIDAS_SIM_KEY },
    unit: { type: "string", default: "N,MM" },
    "allow-unsaved-analysis": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help || !values.key || values.key.length < MAPI_KEY_MIN_LENGTH) {
  console.log(`usage: npm run midas:sim -- --port ${MIDAS_SIM_PORT} --key KEY [--host 127.0.0.1] [--unit N,MM] [--allow-unsaved-analysis]`);
  console.log("MIDAS_SIM_KEY works instead of --key. The simulator keeps the model in memory until it stops.");
  if (values.key) console.log(`The key must be at least ${MAPI_KEY_MIN_LENGTH} characters, as Pontifex asks of a MAPI-Key.`);
  console.log(
    `Pontifex calls 127.0.0.1:${MIDAS_SIM_PORT} and localhost:${MIDAS_SIM_PORT} by default with the embedded database; another port must be in MIDAS_ALLOWED_HOSTS.`,
  );
  process.exit(values.help ? 0 : 2);
}

const [force = "N", dist = "MM"] = values.unit!.split(",").map((s) => s.trim().toUpperCase());
const sim = await startMidasSimulator({
  port: Number(values.port),
  host: values.host,
  key: values.key,
  defaultUnit: { FORCE: force, DIST: dist },
  hangOnUnsavedAnalysis: !values["allow-unsaved-analysis"],
});
console.log(`MIDAS simulator listening: base URL ${sim.url} (MAPI-Key as given with --key)`);
console.log(
  `A new model opens in ${force} and ${dist}; /doc/ANAL ${values["allow-unsaved-analysis"] ? "runs on unsaved models" : "hangs on an unsaved model, as Civil NX does"}.`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
