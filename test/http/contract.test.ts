// One contract, every event route (hookgate spec §2; contract §1.2, §2.5, Appendix C): a policy with a handler on
// every event that can take one, gated on a marker field, then the same checks against each of the 34 routes.
import { beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS as EVENT_TABLE } from "../../src/clients/claude-code/events";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import type { HookEventName } from "../../src/clients/claude-code/events";
import { payloadOf } from "../fixtures/payloads";
import {
  expectAnswer,
  expectError,
  hook,
  ONE_MIB,
  paddedJson,
  publish,
  mintToken,
  uniqueTeam,
  UUID,
} from "../support/worker";

const MARKER = "x_contract_marker";
const marked = (spec: EventSpec) => ({ ...payloadOf(spec.name), [MARKER]: "fire" });
const OSC = "\u001b]9;hookgate\u0007";

/** A value for each event-specific output field, valid for its schema. */
const SAMPLE: Record<string, unknown> = {
  initialUserMessage: "Start by reading CONTRIBUTING.md",
  sessionTitle: "contract title",
  watchPaths: ["/home/dev/shop/.env", "/home/dev/shop/package.json"],
  reloadSkills: true,
  suppressOriginalPrompt: true,
  displayContent: "[redacted by policy]",
  interrupt: true,
  updatedPermissions: [{ type: "setMode", mode: "plan", destination: "session" }],
  updatedToolOutput: { filePath: "/x", success: true },
  updatedMCPToolOutput: [{ type: "text", text: "x" }],
  classifierContext: "wrote a generated file",
  retry: true,
  worktreePath: "/home/dev/shop/.claude/worktrees/contract",
  action: "decline",
  content: { environment: "staging" },
};
/** Which output field each event's rule sets (the first it takes, unless a better one is named here). */
const PREFERRED: Partial<Record<string, string>> = {
  SessionStart: "sessionTitle",
  UserPromptSubmit: "sessionTitle",
  PermissionRequest: "interrupt", // rides with deny inside hookSpecificOutput.decision
  PostToolUse: "classifierContext",
  Elicitation: "action",
  ElicitationResult: "action",
};

interface Plan {
  verdict?: "block" | "deny";
  reason?: string;
  outputKey?: string;
  additionalContext?: string;
  systemMessage?: string;
  terminalSequence?: string;
}

function planFor(spec: EventSpec): Plan | undefined {
  const plan: Plan = {};
  const verdict = spec.verdicts.includes("block") ? "block" : spec.verdicts.includes("deny") ? "deny" : undefined;
  if (verdict) {
    plan.verdict = verdict;
    plan.reason = `${spec.name}: ${verdict} by the contract policy`;
  }
  const keys = Object.keys(spec.outputFields);
  if (keys.length > 0) plan.outputKey = PREFERRED[spec.name] ?? keys[0]!;
  if (spec.additionalContext) plan.additionalContext = `${spec.name} context`;
  if (spec.topLevel.includes("systemMessage")) plan.systemMessage = `${spec.name} notice`;
  if (spec.topLevel.includes("terminalSequence")) plan.terminalSequence = OSC;
  return Object.keys(plan).length > 0 ? plan : undefined;
}

const PLANS = new Map(EVENT_TABLE.map((s) => [s.name, planFor(s)]));

function contractPolicy() {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENT_TABLE) {
    const plan = PLANS.get(spec.name);
    if (!plan) continue;
    const rule: Record<string, unknown> = { type: "rule", id: `contract-${spec.route}`, when: { [MARKER]: "^fire$" } };
    if (plan.verdict) Object.assign(rule, { decision: plan.verdict, reason: plan.reason });
    if (plan.additionalContext) rule.additionalContext = plan.additionalContext;
    if (plan.systemMessage) rule.systemMessage = plan.systemMessage;
    const output: Record<string, unknown> = {};
    if (plan.outputKey) output[plan.outputKey] = SAMPLE[plan.outputKey];
    if (plan.terminalSequence) output.terminalSequence = plan.terminalSequence;
    if (Object.keys(output).length > 0) rule.output = output;
    hooks[spec.name] = [{ hooks: [rule] }];
  }
  return { description: "contract suite: one marker-gated rule per event", failMode: "closed", hooks };
}

/** The answer respond() must build for the marked payload (contract §1.4, Appendix C). */
function expectedAnswer(spec: EventSpec): Record<string, unknown> {
  const plan = PLANS.get(spec.name as HookEventName);
  if (!plan || spec.acknowledgeFirst) return {};
  const answer: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (plan.verdict === "block") Object.assign(answer, { decision: "block", reason: plan.reason });
  if (plan.verdict === "deny" && spec.answer === "permission")
    Object.assign(specific, { permissionDecision: "deny", permissionDecisionReason: plan.reason });
  if (plan.verdict === "deny" && spec.answer === "permissionRequest") {
    specific.decision = { behavior: "deny", message: plan.reason, ...(plan.outputKey === "interrupt" ? { interrupt: true } : {}) };
  }
  if (plan.additionalContext) specific.additionalContext = plan.additionalContext;
  if (plan.outputKey && plan.outputKey !== "interrupt") specific[plan.outputKey] = SAMPLE[plan.outputKey];
  if (plan.systemMessage) answer.systemMessage = plan.systemMessage;
  if (plan.terminalSequence) answer.terminalSequence = plan.terminalSequence;
  if (Object.keys(specific).length > 0) answer.hookSpecificOutput = { hookEventName: spec.name, ...specific };
  return answer;
}

let team: string;
let token: string;
let revision: number;
beforeAll(async () => {
  team = uniqueTeam("contract");
  ({ revision } = await publish(team, contractPolicy()));
  token = await mintToken(team);
});

it("the contract policy covers every event that can carry any output", () => {
  const without = EVENT_TABLE.filter((s) => !PLANS.get(s.name)).map((s) => s.name);
  // These take no output at all (Appendix C: no variant, and no honoured top-level field).
  expect(without.sort()).toEqual(["InstructionsLoaded", "PostCompact", "SessionEnd", "WorktreeRemove"]);
});

describe.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s", (_name, spec) => {
  const valid = (answer: unknown) => {
    const r = spec.output.safeParse(answer);
    expect(r.success, `${spec.name} answer fails its schema: ${JSON.stringify(answer)} ${r.error?.message ?? ""}`).toBe(true);
  };

  it("answers the realistic payload with a valid 2xx, and `{}` when no handler fires", async () => {
    const res = await hook(team, spec.route, payloadOf(spec.name), token);
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    const body = await expectAnswer(res, res.status);
    valid(body);
    expect(body).toEqual({});
    expect(res.headers.get("x-hookgate-decision-id")).toMatch(UUID);
    expect(res.headers.get("x-hookgate-policy-revision")).toBe(String(revision));
    expect(res.headers.get("server-timing")).toMatch(/^eval;dur=\d+(\.\d+)?$/);
  });

  it("answers the marked payload with exactly what the rule says, valid for the event", async () => {
    const res = await hook(team, spec.route, marked(spec), token);
    const body = await expectAnswer(res);
    valid(body);
    expect(body).toEqual(expectedAnswer(spec));
    const hso = body.hookSpecificOutput as Record<string, unknown> | undefined;
    if (hso) expect(hso.hookEventName).toBe(spec.name);
    const plan = PLANS.get(spec.name);
    if (plan?.verdict === "block" && !spec.acknowledgeFirst) {
      expect(body.decision).toBe("block");
      expect(body.reason).toBe(plan.reason);
    }
    if (plan?.verdict === "deny" && spec.answer === "permission") expect(hso?.permissionDecision).toBe("deny");
  });

  it("gives the same answer on the generic route", async () => {
    for (const payload of [payloadOf(spec.name), marked(spec)]) {
      const viaEvent = await hook(team, spec.route, payload, token);
      const viaGeneric = await hook(team, undefined, payload, token);
      expect(viaGeneric.status).toBe(viaEvent.status);
      expect(await viaGeneric.text()).toBe(await viaEvent.text());
      expect(viaGeneric.headers.get("x-hookgate-policy-revision")).toBe(String(revision));
    }
  });

  it("400s another event's payload, naming both events", async () => {
    const i = EVENT_TABLE.indexOf(spec);
    const other = EVENT_TABLE[(i + 1) % EVENT_TABLE.length]!;
    const e = await expectError(await hook(team, spec.route, marked(other), token), 400, "event_mismatch");
    expect(e.error.message).toContain(spec.name);
    expect(e.error.message).toContain(other.name);
  });

  it("400s wrong types on the common fields", async () => {
    const e = await expectError(await hook(team, spec.route, { ...payloadOf(spec.name), session_id: 5, cwd: [] }, token), 400, "invalid_input");
    expect(e.error.problems?.map((p) => p.path).sort()).toEqual(["cwd", "session_id"]);
  });

  it("401s without a valid token", async () => {
    await expectError(await hook(team, spec.route, marked(spec), undefined), 401, "unauthorized");
    await expectError(await hook(team, spec.route, marked(spec), "hg_not-a-token"), 401, "unauthorized");
    await expectError(await hook(uniqueTeam("stranger"), spec.route, marked(spec), token), 401, "unauthorized");
  });

  it("413s a body over the limit, and takes one at the limit", async () => {
    await expectError(await hook(team, spec.route, paddedJson(marked(spec), ONE_MIB + 1), token), 413, "payload_too_large");
    const at = await hook(team, spec.route, paddedJson(marked(spec), ONE_MIB), token);
    expect(await expectAnswer(at)).toEqual(expectedAnswer(spec));
  });
});
