
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS, eventByName, claudeCodeEvents } from "../../src/clients/claude-code/events";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { isDeclaredMatcher, kebabCase, type EventDecl } from "../../src/engine/event/defineEvent";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import { HOOK_EVENTS, type HookEventName } from "../../src/clients/claude-code/events";
import { eventInput } from "../../src/engine/event/hookInput";
import { text } from "../../src/engine/event/hookOutput";
import defineEventSource from "../../src/engine/event/defineEvent.ts?raw";
import { FIRST, outputField } from "../../src/engine/event/outputField";

const spec = (name: HookEventName): EventSpec => eventByName(name);
const valid = (s: EventSpec, answer: unknown) => s.output.safeParse(answer).success;
const input = eventInput({});

// =================================================================================================================
// The new table on its own (stays when handlers/ is gone)
// =================================================================================================================

describe("CLAUDE_CODE_EVENTS", () => {
  it("holds the 34 events of HOOK_EVENTS, in order, each routed by its kebab-case name", () => {
    expect(CLAUDE_CODE_EVENTS.map((s) => s.name)).toEqual([...HOOK_EVENTS]);
    expect(new Set(CLAUDE_CODE_EVENTS.map((s) => s.route)).size).toBe(34);
    for (const s of CLAUDE_CODE_EVENTS) {
      expect(s.route).toBe(kebabCase(s.name));
      expect(s.route).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("looks events up by name and by route", () => {
    for (const s of CLAUDE_CODE_EVENTS) {
      expect(eventByName(s.name)).toBe(s);
      expect(claudeCodeEvents.byRoute(s.route)).toBe(s);
    }
    expect(eventByName("preToolUse")).toBeUndefined();
    expect(eventByName("__proto__")).toBeUndefined();
    expect(claudeCodeEvents.byRoute("PreToolUse")).toBeUndefined();
    expect(claudeCodeEvents.byRoute("constructor")).toBeUndefined();
  });

  it("marks Stop and SubagentStop, only, as stop-like", () => {
    expect(CLAUDE_CODE_EVENTS.filter((s) => s.stopLike).map((s) => s.name)).toEqual(["SubagentStop", "Stop"]);
    for (const s of CLAUDE_CODE_EVENTS) expect(typeof s.stopLike, s.name).toBe("boolean");
  });

  it("gives every event a one-line summary that cites no internal spec", () => {
    for (const s of CLAUDE_CODE_EVENTS) {
      expect(s.summary, s.name).toMatch(/^[^\n]{10,100}$/);
      expect(s.summary, s.name).not.toMatch(/§|contract|appendix|\[HR\]|\[SDK\]|\bQ\d/i);
    }
  });

  it("names every matcher's field", () => {
    for (const s of CLAUDE_CODE_EVENTS) if (s.matcher !== null) expect(isDeclaredMatcher(s.matcher), s.name).toBe(true);
    const fileChanged = spec("FileChanged").matcher;
    expect(isDeclaredMatcher(fileChanged) && [fileChanged.field, fileChanged.basename, fileChanged.syntax]).toEqual(
      ["file_path", true, "narrow"],
    );
    expect(fileChanged!.query({ file_path: "C:\\Users\\ana\\shop\\.env.local" })).toBe(".env.local");
  });
});

describe("defineEvent", () => {
  it("is client-agnostic: it imports nothing from handlers/ or src/clients/", () => {
    const imports = [...defineEventSource.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const i of imports) expect(i).toMatch(/^(zod|\.\/[A-Za-z]+)$/);
  });

  it("kebab-cases names", () => {
    expect(kebabCase("PreToolUse")).toBe("pre-tool-use");
    expect(kebabCase("Stop")).toBe("stop");
    expect(kebabCase("PreSkillShellCommand")).toBe("pre-skill-shell-command");
    expect(kebabCase("MCPServerReady")).toBe("mcp-server-ready");
    expect(kebabCase("Post2Step")).toBe("post2-step");
  });

  it("derives what each answer kind implies, and the defaults", () => {
    const common = { name: "TaskCreated", summary: "A synthetic event.", input, matcher: null, topLevel: [] } as const;
    const none = defineEvent({ ...common, answer: "none" });
    expect([none.verdicts, none.reason, none.updatedInput]).toEqual([[], false, false]);
    expect([none.toolEvent, none.additionalContext, none.outputFields, none.prompt]).toEqual([false, false, {}, false]);
    expect([none.clientTimeoutMs, none.httpDelivered, none.stopLike, "acknowledgeFirst" in none]).toEqual(
      [600_000, true, false, false],
    );
    expect([none.route, none.summary]).toEqual(["task-created", "A synthetic event."]);
    const block = defineEvent({ ...common, answer: "block", stopLike: true });
    expect([block.verdicts, block.reason, block.updatedInput, block.stopLike]).toEqual([["block"], true, false, true]);
    const perm = defineEvent({ ...common, answer: "permission", verdicts: ["allow", "deny"], updatedInput: true });
    expect([perm.verdicts, perm.reason, perm.updatedInput]).toEqual([["allow", "deny"], true, true]);
    const request = defineEvent({ ...common, answer: "permissionRequest" });
    expect([request.verdicts, request.reason, request.updatedInput]).toEqual([["allow", "deny", "ask"], true, true]);
    const ack = defineEvent({ ...common, answer: "none", acknowledgeFirst: true, clientTimeoutMs: 1_500, httpDelivered: false });
    expect([ack.acknowledgeFirst, ack.clientTimeoutMs, ack.httpDelivered]).toEqual([true, 1_500, false]);
  });

  it("builds the answer schema from the declaration", () => {
    const common = { name: "Stop", summary: "A synthetic event.", input, matcher: "x" } as const;
    const h = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "Stop", ...fields } });

    const bare = defineEvent({ ...common, answer: "none", topLevel: [] });
    expect([{}, h({})].map((a) => valid(bare, a))).toEqual([true, false]);

    const block = defineEvent({ ...common, answer: "block", topLevel: ["continue"], additionalContext: true });
    expect(valid(block, { decision: "block", reason: "r", continue: false, stopReason: "s" })).toBe(true);
    expect(valid(block, { systemMessage: "m" })).toBe(false);
    expect(valid(block, h({ additionalContext: "c" }))).toBe(true);
    expect(valid(block, { hookSpecificOutput: { hookEventName: "SubagentStop", additionalContext: "c" } })).toBe(false);

    const perm = defineEvent({ ...common, answer: "permission", verdicts: ["allow", "deny"], updatedInput: false, topLevel: [] });
    expect(valid(perm, h({ permissionDecision: "deny", permissionDecisionReason: "r" }))).toBe(true);
    expect(valid(perm, h({ permissionDecision: "ask" }))).toBe(false);
    expect(valid(perm, h({ updatedInput: {} }))).toBe(false);
    expect(valid(perm, { decision: "block" })).toBe(false);

    const request = defineEvent({ ...common, answer: "permissionRequest", topLevel: [], outputFields: { interrupt: outputField(z.boolean(), FIRST) } });
    expect(valid(request, h({ decision: { behavior: "deny", message: "m", interrupt: true } }))).toBe(true);
    expect(valid(request, h({ interrupt: true }))).toBe(false);

    const required = defineEvent({
      ...common, answer: "none", topLevel: [], outputFields: { path: outputField(text.min(1), FIRST), note: outputField(text, FIRST) }, required: ["path"],
    });
    expect([h({ path: "/p" }), h({ note: "n" }), h({ path: "" }), {}].map((a) => valid(required, a))).toEqual(
      [true, false, false, true],
    );
  });

  it("refuses a declaration that contradicts itself", () => {
    const common = { name: "Stop", summary: "A synthetic event.", input, matcher: null, topLevel: [] } as const;
    const bad = (decl: EventDecl) => () => defineEvent(decl);
    expect(bad({ ...common, answer: "none", outputFields: { additionalContext: outputField(text, FIRST) } })).toThrow(/written by the none/);
    expect(bad({ ...common, answer: "none", outputFields: { hookEventName: outputField(text, FIRST) } })).toThrow(/written by/);
    expect(
      bad({ ...common, answer: "permission", verdicts: ["allow"], updatedInput: false, outputFields: { permissionDecision: outputField(text, FIRST) } }),
    ).toThrow(/written by the permission/);
    expect(bad({ ...common, answer: "permission", verdicts: ["allow", "allow"], updatedInput: false })).toThrow(/twice/);
    expect(bad({ ...common, answer: "permissionRequest", outputFields: { sessionTitle: outputField(text, FIRST) } })).toThrow(/no place/);
    expect(bad({ ...common, answer: "none", outputFields: { a: outputField(text, FIRST) }, required: ["b" as "a"] })).toThrow(/not an output field/);
    expect(bad({ ...common, answer: "none", topLevel: ["systemMessage", "systemMessage"] })).toThrow(/twice/);
    expect(bad({ ...common, answer: "none", summary: "two\nlines" })).toThrow(/one non-empty line/);
    expect(bad({ ...common, answer: "none", name: "pre-tool-use" as HookEventName })).toThrow(/PascalCase/);
  });
});
