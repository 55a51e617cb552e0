import { parseArgs } from "node:util";
import { defaultScript } from "./default-script";
import { type FakeScript, startFakeLlm } from "./server";

/**
 * npm run llm:fake -- --port 8091 [--delay 30] [--api-key secret] [--fail 500|401|malformed]
 * Then: LLM_BASE_URL=http://127.0.0.1:8091/v1 LLM_MODEL=fake-model npm run dev
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8091" },
    host: { type: "string", default: "127.0.0.1" },
    delay: { type: "string", default: "15" },
    "api-key": { type: "string" },
    fail: { type: "string" },
  },
});

const script: FakeScript = defaultScript({ delayMs: Number(values.delay), apiKey: values["api-key"] });
if (values.fail) {
  const reply = values.fail === "malformed" ? ({ malformed: true } as const) : { status: Number(values.fail) };
  script.turns = [{ name: `fail ${values.fail}`, when: () => true, reply }];
}

const fake = await startFakeLlm(script, { port: Number(values.port), host: values.host });
console.log(`Fake OpenAI-compatible model on ${fake.url} (model name: any). Ctrl+C to stop.`);
console.log(`LLM_BASE_URL=${fake.url} LLM_MODEL=fake-model${values["api-key"] ? ` LLM_API_KEY=${values["api-key"]}` : ""}`);
const stop = async () => {
  await fake.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
