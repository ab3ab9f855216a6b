// SCRATCH: per-request bounds with big policies.
import { describe, it } from "vitest";
import { PAYLOADS } from "../fixtures/payloads";
import { admin, hook, mintTokenInfo, uniqueTeam } from "../support/worker";

describe("probe3", () => {
  it("bounds", { timeout: 300_000 }, async () => {
    const out: string[] = [];
    const variants: [string, (i: number) => unknown][] = [
      ["if *x*", (i) => ({ type: "rule", if: `Bash(*zq${i}x*)`, decision: "deny", reason: "r" })],
      ["when command regex", (i) => ({ type: "rule", when: { command: `zq${i}[a-z]+x` }, decision: "deny", reason: "r" })],
      ["if Read(**/x/**)", (i) => ({ type: "rule", if: `Read(**/zq${i}/**)`, decision: "deny", reason: "r" })],
    ];
    for (const [name, mk] of variants) {
      const team = uniqueTeam("big");
      const n = 6000;
      const groups = Array.from({ length: Math.ceil(n / 1000) }, (_, g) => ({ matcher: "*", hooks: Array.from({ length: 1000 }, (_, i) => mk(g * 1000 + i)) }));
      const policy = { hooks: { PreToolUse: groups } };
      const body = JSON.stringify(policy);
      const t0 = Date.now();
      const res = await admin("PUT", `/teams/${team}/policy`, body);
      const txt = await res.text();
      out.push(`${name}: publish ${res.status} ${txt.slice(0, 150)} bytes=${body.length} in ${Date.now() - t0}ms`);
      if (res.status !== 201) continue;
      const { token } = await mintTokenInfo(team);
      for (const size of [1000, 100_000, 900_000]) {
        const cmd = `echo ${"a b ".repeat(size / 4)}`;
        for (const tool of ["Bash", "Read"]) {
          const input = tool === "Bash" ? { command: cmd } : { file_path: `/x/${"a/".repeat(size / 2 - 10)}f` };
          const t = Date.now();
          const r = await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_name: tool, tool_input: input }, token);
          const tt = await r.text();
          out.push(`  ${tool} ${size}: ${r.status} ${tt.slice(0, 80)} ${Date.now() - t}ms server=${r.headers.get("server-timing")}`);
        }
      }
    }
    console.log(`PROBES\n${out.join("\n")}`);
  });
});
