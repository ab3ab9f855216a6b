import { it } from "vitest";
import { PAYLOADS } from "../fixtures/payloads";
import { hook, lsPolicy, call, mintToken, publish, uniqueTeam } from "../support/worker";
async function series(label: string, f: () => Promise<Response>) {
  const out: number[] = [];
  let t = performance.now();
  for (let i = 1; i <= 600; i++) {
    await (await f()).text();
    if (i % 100 === 0) { out.push(Math.round((performance.now() - t) / 100 * 10) / 10); t = performance.now(); }
  }
  console.log("SERIES", label, out.join(" "));
}
it("timing", async () => {
  const team = uniqueTeam("timing");
  await publish(team, lsPolicy("deny"));
  const token = await mintToken(team);
  await series("healthz", () => call("/healthz"));
  await series("invalid-json", () => hook(team, "pre-tool-use", "{", token));
  await series("ok", () => hook(team, "pre-tool-use", PAYLOADS.PreToolUse, token));
  await series("healthz-after", () => call("/healthz"));
}, 300000);
