// The shipped test files give the same answers through the real Worker (wrangler dev, local KV, D1 and Durable
// Objects) as offline: each policy published to its own team, every case's input POSTed as Claude Code would, in
// order (a sequence's `once` state then lives in the Durable Object, not in the runner's memory).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { Gate } from "../../src/gate/gate";
import { prepareCases, readTestFile } from "../../src/policyTest/load";
import { runUnits } from "../../src/policyTest/run";
import { ROOT, startLocalService, type LocalService } from "../support/localService";

const SHIPPED = [
  { team: "ptest-starter", test: "policies/default.test.json" },
  { team: "ptest-example", test: "policies/examples/run-tests-before-stop.test.json" },
];

let svc: LocalService;
beforeAll(async () => {
  svc = await startLocalService();
}, 90_000);
afterAll(async () => {
  await svc?.stop();
});

const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${svc.baseUrl}/v1/admin/teams/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${svc.adminToken}`, "content-type": "application/json", ...init.headers },
  });

describe.each(SHIPPED)("$test through the Worker", ({ team, test }) => {
  it("every case: the Worker's answer is the offline answer", async () => {
    const doc = readTestFile(test, readFileSync(join(ROOT, test), "utf8"));
    if (!doc.ok) throw new Error(JSON.stringify(doc.error));
    const policyText = readFileSync(join(ROOT, doc.value.policyPath), "utf8");
    const policy = new Gate(claudeCode).compile(JSON.parse(policyText));
    if (!policy.ok) throw new Error(JSON.stringify(policy.error));
    const units = prepareCases(doc.value, policy.value, claudeCode);
    if (!units.ok) throw new Error(JSON.stringify(units.error));
    const offline = await runUnits(units.value, policy.value, claudeCode);
    expect(offline.every((r) => r.status === "passed")).toBe(true);

    expect((await admin(`${team}/policy`, { method: "PUT", body: policyText })).status).toBe(201);
    const minted = await admin(`${team}/tokens`, { method: "POST" });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };

    const steps = units.value.flatMap((u) => u.steps);
    expect(steps).toHaveLength(offline.length);
    const mismatches: string[] = [];
    for (const [i, step] of steps.entries()) {
      const res = await fetch(`${svc.baseUrl}/v1/hooks/${team}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(step.input),
      });
      const answer = await res.json();
      if (res.status !== 200 || JSON.stringify(answer) !== JSON.stringify(offline[i]!.answer))
        mismatches.push(`${step.path} ${step.name}: Worker ${res.status} ${JSON.stringify(answer)}, offline ${JSON.stringify(offline[i]!.answer)}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
