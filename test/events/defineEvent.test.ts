import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS, eventByName, eventByRoute } from "../../src/clients/claude-code/events";
import { defineEvent, isDeclaredMatcher, kebabCase, type EventDecl } from "../../src/engine/defineEvent";
import { HOOK_EVENTS, type EventSpec, type HookEventName } from "../../src/engine/eventSpec";
import { eventInput } from "../../src/engine/hookInput";
import { text } from "../../src/engine/hookOutput";
import defineEventSource from "../../src/engine/defineEvent.ts?raw";
import { PAYLOADS } from "../fixtures/payloads";
// OLD-VS-NEW: the handler files this table replaces. Delete this import with the block at the end of the file.
import { EVENT_TABLE as OLD_TABLE } from "../../handlers";

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
      expect(eventByRoute(s.route)).toBe(s);
    }
    expect(eventByName("preToolUse")).toBeUndefined();
    expect(eventByName("__proto__")).toBeUndefined();
    expect(eventByRoute("PreToolUse")).toBeUndefined();
    expect(eventByRoute("constructor")).toBeUndefined();
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

    const request = defineEvent({ ...common, answer: "permissionRequest", topLevel: [], outputFields: { interrupt: z.boolean() } });
    expect(valid(request, h({ decision: { behavior: "deny", message: "m", interrupt: true } }))).toBe(true);
    expect(valid(request, h({ interrupt: true }))).toBe(false);

    const required = defineEvent({
      ...common, answer: "none", topLevel: [], outputFields: { path: text.min(1), note: text }, required: ["path"],
    });
    expect([h({ path: "/p" }), h({ note: "n" }), h({ path: "" }), {}].map((a) => valid(required, a))).toEqual(
      [true, false, false, true],
    );
  });

  it("refuses a declaration that contradicts itself", () => {
    const common = { name: "Stop", summary: "A synthetic event.", input, matcher: null, topLevel: [] } as const;
    const bad = (decl: EventDecl) => () => defineEvent(decl);
    expect(bad({ ...common, answer: "none", outputFields: { additionalContext: text } })).toThrow(/written by the none/);
    expect(bad({ ...common, answer: "none", outputFields: { hookEventName: text } })).toThrow(/written by/);
    expect(
      bad({ ...common, answer: "permission", verdicts: ["allow"], updatedInput: false, outputFields: { permissionDecision: text } }),
    ).toThrow(/written by the permission/);
    expect(bad({ ...common, answer: "permission", verdicts: ["allow", "allow"], updatedInput: false })).toThrow(/twice/);
    expect(bad({ ...common, answer: "permissionRequest", outputFields: { sessionTitle: text } })).toThrow(/no place/);
    expect(bad({ ...common, answer: "none", outputFields: { a: text }, required: ["b" as "a"] })).toThrow(/not an output field/);
    expect(bad({ ...common, answer: "none", topLevel: ["systemMessage", "systemMessage"] })).toThrow(/twice/);
    expect(bad({ ...common, answer: "none", summary: "two\nlines" })).toThrow(/one non-empty line/);
    expect(bad({ ...common, answer: "none", name: "pre-tool-use" as HookEventName })).toThrow(/PascalCase/);
  });
});

// =================================================================================================================
// OLD-VS-NEW: each new spec against its handlers/ file. Delete from here to the end of the file, and the import of
// handlers/ above, when handlers/ is deleted.
// =================================================================================================================

const OLD = new Map(OLD_TABLE.map((s) => [s.name, s]));
const old = (name: HookEventName) => OLD.get(name)!;
const ANSWERS_PER_EVENT = 4_000;
const INPUTS_PER_EVENT = 1_500;

// --- Answer vocabulary --------------------------------------------------------------------------------------------

const LONG = "x".repeat(10_000);
const TOO_LONG = "x".repeat(10_001);
type Arb = fc.Arbitrary<unknown>;
/** A field's values: mostly valid ones, sometimes invalid ones. */
interface Vocab { ok: Arb; bad: Arb }
const pick = (v: Vocab, okWeight = 9): Arb =>
  fc.oneof({ weight: okWeight, arbitrary: v.ok }, { weight: 1, arbitrary: v.bad });
const either = (v: Vocab): Arb => pick(v, 1);

const json = fc.jsonValue({ maxDepth: 2 }) as Arb;
const jsonObj = fc.dictionary(fc.constantFrom("command", "file_path", "a", "nested"), json, { maxKeys: 3 }) as Arb;
const textV: Vocab = {
  ok: fc.oneof(fc.constantFrom("", "x", LONG, "é\u0007\u001b"), fc.string({ maxLength: 20 })),
  bad: fc.constantFrom(TOO_LONG, 1, null, true, {}, ["x"]),
};
const boolV: Vocab = { ok: fc.boolean(), bad: fc.constantFrom("yes", "false", 0, 1, null) };
const objV: Vocab = { ok: jsonObj, bad: fc.constantFrom([], ["x"], "x", null, 1) };

const destination = fc.constantFrom("session", "localSettings", "projectSettings", "userSettings", "cliArg", "global", "");
const permRule = fc.oneof(
  fc.record({ toolName: fc.constantFrom("Bash", "Read", "mcp__db"), ruleContent: fc.constantFrom("npm run *", "") }, { requiredKeys: ["toolName"] }),
  fc.record({ toolName: fc.constantFrom("", 1), ruleContent: fc.constantFrom(1, TOO_LONG), extra: fc.constant(1) }, { requiredKeys: [] }),
);
/** PermissionUpdate entries: valid ones of each type, and every field of every type mixed at random. */
const permissionUpdate: Arb = fc.oneof(
  fc.record({
    type: fc.constantFrom("addRules", "replaceRules", "removeRules"),
    rules: fc.array(permRule, { minLength: 1, maxLength: 2 }),
    behavior: fc.constantFrom("allow", "deny", "ask"),
    destination,
  }),
  fc.record({
    type: fc.constant("setMode"),
    mode: fc.constantFrom("default", "auto", "acceptEdits", "dontAsk", "bypassPermissions", "plan", "manual", "yolo"),
    destination,
  }),
  fc.record({
    type: fc.constantFrom("addDirectories", "removeDirectories"),
    directories: fc.oneof(fc.constant([]), fc.array(fc.constantFrom("/a", "../b", "", 1), { minLength: 1, maxLength: 2 })),
    destination,
  }),
  fc.record(
    {
      type: fc.constantFrom("addRules", "setMode", "addDirectories", "bogus", 1),
      rules: fc.array(permRule, { maxLength: 2 }),
      behavior: fc.constantFrom("allow", "block"),
      mode: fc.constantFrom("plan", "yolo"),
      directories: fc.constantFrom(["/a"], []),
      destination,
      extra: json,
    },
    { requiredKeys: [] },
  ),
);
const updatedPermissionsV: Vocab = {
  ok: fc.array(permissionUpdate, { maxLength: 3 }),
  bad: fc.constantFrom({}, "addRules", null, [null], [[]]),
};
const requestDecisionV: Vocab = {
  ok: fc.oneof(
    fc.record(
      { behavior: fc.constant("allow"), updatedInput: pick(objV), updatedPermissions: pick(updatedPermissionsV) },
      { requiredKeys: ["behavior"] },
    ),
    fc.record(
      { behavior: fc.constant("deny"), message: pick(textV), interrupt: pick(boolV) },
      { requiredKeys: ["behavior"] },
    ),
  ),
  bad: fc.oneof(
    fc.record(
      {
        behavior: fc.constantFrom("allow", "deny", "ask", "defer", 1),
        updatedInput: either(objV),
        updatedPermissions: either(updatedPermissionsV),
        message: either(textV),
        interrupt: either(boolV),
        permissionDecision: fc.constant("allow"),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom("allow", null, [], 1),
  ),
};
const absolute = fc.constantFrom("/a", "/home/dev/.env", "C:\\Users\\ana", "c:/x", "\\\\srv\\share", `/${"p".repeat(9_999)}`);

/** Every top-level field any answer may carry, and a few no answer may. */
const TOP: Record<string, Vocab> = {
  continue: boolV,
  stopReason: textV,
  systemMessage: textV,
  terminalSequence: {
    ok: fc.oneof(fc.constantFrom("\u0007", "\u001b]0;title\u0007", "\u001b]777;notify;a;b\u001b\\", "plain"), textV.ok),
    bad: textV.bad,
  },
  decision: { ok: fc.constant("block"), bad: fc.constantFrom("approve", "allow", "deny", "Block", true, null) },
  reason: textV,
  suppressOutput: boolV,
  hookEventName: textV,
  unknownField: { ok: json, bad: json },
};
/** Every hookSpecificOutput field of any event, and a few of none. */
const SPECIFIC: Record<string, Vocab> = {
  additionalContext: textV,
  permissionDecision: {
    ok: fc.constantFrom("allow", "deny", "ask", "defer"),
    bad: fc.constantFrom("block", "Allow", "", null, "approve"),
  },
  permissionDecisionReason: textV,
  updatedInput: objV,
  decision: requestDecisionV,
  initialUserMessage: textV,
  sessionTitle: textV,
  watchPaths: {
    ok: fc.array(absolute, { maxLength: 3 }),
    bad: fc.oneof(
      fc.constantFrom("/a", null, {}),
      fc.array(fc.constantFrom("rel/p", "", "./x", "~/x", 1, `/${TOO_LONG}`), { minLength: 1, maxLength: 2 }),
    ),
  },
  reloadSkills: boolV,
  suppressOriginalPrompt: boolV,
  displayContent: textV,
  updatedToolOutput: { ok: json, bad: fc.constant(undefined) },
  updatedMCPToolOutput: { ok: json, bad: fc.constant(undefined) },
  classifierContext: {
    ok: fc.oneof(fc.string({ maxLength: 30 }), fc.constant("c".repeat(2_000))),
    bad: fc.constantFrom("c".repeat(2_001), 1, null),
  },
  retry: boolV,
  worktreePath: { ok: fc.constantFrom("/w", "rel/w", "C:\\w", "x", LONG), bad: fc.constantFrom("", TOO_LONG, 1, null) },
  action: { ok: fc.constantFrom("accept", "decline", "cancel"), bad: fc.constantFrom("approve", "", "Accept", null) },
  content: objV,
  updatedPermissions: updatedPermissionsV,
  interrupt: boolV,
  message: textV,
  permissionDisplay: { ok: json, bad: json },
  unknownField: { ok: json, bad: json },
};

/** The fields the old spec says its answer takes, to bias generation towards answers that may be valid. */
function ownFields(s: EventSpec): { top: string[]; specific: string[] } {
  const top = s.topLevel.flatMap((f) => (f === "continue" ? ["continue", "stopReason"] : [f]));
  if (s.answer === "block") top.push("decision", "reason");
  const specific = [
    ...(s.additionalContext ? ["additionalContext"] : []),
    ...(s.answer === "permission"
      ? ["permissionDecision", "permissionDecisionReason", ...(s.updatedInput ? ["updatedInput"] : [])]
      : []),
    ...(s.answer === "permissionRequest" ? ["decision"] : Object.keys(s.outputFields)),
  ];
  return { top, specific };
}

const record = (vocab: Record<string, Vocab>, keys: readonly string[], okWeight: number) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, pick(vocab[k]!, okWeight)])), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;

function answers(s: EventSpec): fc.Arbitrary<unknown> {
  const own = ownFields(s);
  const others = HOOK_EVENTS.filter((n) => n !== s.name);
  const eventName = fc.oneof(
    { weight: 12, arbitrary: fc.constant(s.name) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
    { weight: 1, arbitrary: fc.constantFrom(s.name.toLowerCase(), s.route, "", 1, null) },
  );
  const specificOf = (keys: readonly string[], okWeight: number) =>
    fc
      .tuple(fc.option(eventName, { freq: 12, nil: undefined }), record(SPECIFIC, keys, okWeight))
      .map(([hookEventName, fields]) => (hookEventName === undefined ? fields : { hookEventName, ...fields }));
  const ownAnswer = fc
    .tuple(
      record(TOP, own.top, 12),
      fc.option(specificOf(own.specific, 12), { freq: own.specific.length > 0 ? 4 : 2, nil: undefined }),
    )
    .map(([top, specific]) => (specific === undefined ? top : { ...top, hookSpecificOutput: specific }));
  // An own answer plus one field from the whole vocabulary (at top level or in hookSpecificOutput).
  const foreign = fc.oneof(
    fc.constantFrom(...Object.keys(TOP)).chain((k) => pick(TOP[k]!, 3).map((v) => ({ where: "top" as const, k, v }))),
    fc.constantFrom(...Object.keys(SPECIFIC)).chain((k) => pick(SPECIFIC[k]!, 3).map((v) => ({ where: "specific" as const, k, v }))),
  );
  const mutant = fc.tuple(ownAnswer, foreign, eventName).map(([a, f, name]) => {
    const answer = { ...(a as Record<string, unknown>) };
    if (f.where === "top") answer[f.k] = f.v;
    else answer.hookSpecificOutput = { hookEventName: name, ...(answer.hookSpecificOutput as object | undefined), [f.k]: f.v };
    return answer;
  });
  const chaos = fc.oneof(
    fc
      .tuple(record(TOP, Object.keys(TOP), 2), fc.option(specificOf(Object.keys(SPECIFIC), 2), { nil: undefined }))
      .map(([top, specific]) => (specific === undefined ? top : { ...top, hookSpecificOutput: specific })),
    fc.oneof(json, fc.constantFrom(null, [], "{}", 0, undefined)),
    fc.record({ hookSpecificOutput: fc.oneof(json, fc.constant({})) }),
  );
  return fc.oneof({ weight: 6, arbitrary: ownAnswer }, { weight: 3, arbitrary: mutant }, { weight: 1, arbitrary: chaos });
}

/** Hand-written answers tried on every event. */
function edgeAnswers(name: HookEventName): unknown[] {
  const other = name === "Stop" ? "SubagentStop" : "Stop";
  const h = (fields: Record<string, unknown>, eventName: unknown = name) => ({ hookSpecificOutput: { hookEventName: eventName, ...fields } });
  const fullDecision = {
    behavior: "allow",
    updatedInput: { command: "ls" },
    updatedPermissions: [
      { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" },
      { type: "replaceRules", rules: [{ toolName: "Read" }], behavior: "deny", destination: "userSettings" },
      { type: "setMode", mode: "manual", destination: "cliArg" },
      { type: "removeDirectories", directories: ["/x"], destination: "projectSettings" },
    ],
  };
  return [
    {}, null, undefined, [], "x", 0, true, { hookSpecificOutput: null }, { hookSpecificOutput: {} }, { hookSpecificOutput: [] },
    h({}), h({}, other), h({}, name.toLowerCase()), h({}, undefined), h({ worktreePath: "/w" }), h({ worktreePath: "" }),
    h({ worktreePath: "/w" }, other), h({ worktreePath: "/w", watchPaths: [] }),
    { decision: "block" }, { decision: "block", reason: "" }, { reason: "r" }, { decision: "approve" }, { decision: undefined },
    { continue: false }, { continue: false, stopReason: "s" }, { stopReason: "s" }, { continue: true, stopReason: TOO_LONG },
    { systemMessage: LONG }, { systemMessage: TOO_LONG }, { terminalSequence: "\u001b]0;t\u0007" }, { terminalSequence: TOO_LONG },
    { suppressOutput: true }, { hookEventName: name }, JSON.parse('{"__proto__":{"systemMessage":"x"}}'),
    { hookSpecificOutput: JSON.parse(`{"hookEventName":"${name}","__proto__":{"additionalContext":"x"}}`) },
    { constructor: {} }, { toString: "x" },
    h({ additionalContext: "c" }), h({ additionalContext: LONG }), h({ additionalContext: TOO_LONG }),
    h({ permissionDecision: "allow" }), h({ permissionDecision: "defer" }), h({ permissionDecision: "block" }),
    h({ permissionDecision: "deny", permissionDecisionReason: "r", updatedInput: {}, additionalContext: "c" }),
    h({ permissionDecision: "ask", updatedInput: { command: "ls" } }), h({ permissionDecisionReason: "r" }),
    h({ decision: fullDecision }), h({ decision: { behavior: "deny", message: "m", interrupt: true } }),
    h({ decision: { behavior: "ask" } }), h({ decision: { behavior: "deny", updatedPermissions: [] } }),
    h({ decision: { behavior: "allow", interrupt: true } }), h({ decision: { behavior: "allow", updatedPermissions: [] } }),
    h({ decision: { behavior: "allow", updatedPermissions: [{ type: "addRules", rules: [], behavior: "allow", destination: "session" }] } }),
    h({ decision: "allow" }), h({ updatedPermissions: [] }), h({ interrupt: true }),
    h({ initialUserMessage: "m", sessionTitle: "t", watchPaths: ["/a"], reloadSkills: true, additionalContext: "c" }),
    h({ sessionTitle: "t", suppressOriginalPrompt: true }), h({ suppressOriginalPrompt: "yes" }), h({ displayContent: "d" }),
    h({ updatedToolOutput: { stdout: "" }, updatedMCPToolOutput: [], classifierContext: "c".repeat(2_000) }),
    h({ classifierContext: "c".repeat(2_001) }), h({ updatedToolOutput: undefined }), h({ updatedToolOutput: null }),
    h({ retry: true }), h({ retry: "yes" }), h({ watchPaths: [] }), h({ watchPaths: ["relative/path"] }), h({ watchPaths: ["C:\\w"] }),
    h({ action: "accept", content: { environment: "staging" } }), h({ action: "approve" }), h({ content: ["x"] }),
    h({ permissionDisplay: {} }), h({ unknownField: 1 }),
  ];
}

// --- Input vocabulary ---------------------------------------------------------------------------------------------

const INPUT_KEYS = [...new Set([...Object.values(PAYLOADS).flatMap((p) => Object.keys(p)), "tool_use_id", "brand_new_field"])];
const NESTED_KEYS = ["tool_name", "tool_input", "tool_use_id", "tool_response", "id", "type", "status", "description", "command",
  "schedule", "recurring", "prompt", "level", "rules"];
const leafValue: Arb = fc.oneof(
  fc.string({ maxLength: 12 }), fc.constantFrom("", "Bash", "/home/dev/shop/.env", "C:\\x\\y.txt", "startup", "auto"),
  fc.integer(), fc.constantFrom(-1, 0.5, Number.NaN), fc.boolean(), fc.constant(null), fc.constant(undefined),
);
const nestedObject: Arb = fc.dictionary(fc.constantFrom(...NESTED_KEYS), fc.oneof(leafValue, jsonObj), { maxKeys: 5 });
const inputValue: Arb = fc.oneof(
  { weight: 4, arbitrary: leafValue },
  { weight: 2, arbitrary: jsonObj },
  { weight: 2, arbitrary: fc.array(nestedObject, { maxLength: 3 }) },
  { weight: 1, arbitrary: nestedObject },
  { weight: 1, arbitrary: fc.constantFrom(...Object.values(PAYLOADS).flatMap((p) => Object.values(p))) },
);

/** A fixture with some fields dropped, some replaced, some added, or another event's fixture, or anything. */
function inputs(name: HookEventName): fc.Arbitrary<unknown> {
  const base = PAYLOADS[name];
  const keys = Object.keys(base);
  const mutated = fc
    .tuple(
      fc.subarray(keys, { maxLength: 2 }),
      fc.array(fc.tuple(fc.constantFrom(...keys), inputValue), { maxLength: 2 }),
      fc.array(fc.tuple(fc.constantFrom(...INPUT_KEYS), inputValue), { maxLength: 2 }),
    )
    .map(([drop, replace, add]) => {
      const o: Record<string, unknown> = { ...base };
      for (const k of drop) delete o[k];
      for (const [k, v] of [...replace, ...add]) o[k] = v;
      return o;
    });
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(PAYLOADS)) },
    { weight: 1, arbitrary: fc.oneof(json, fc.dictionary(fc.constantFrom(...INPUT_KEYS), inputValue)) },
  );
}

describe("OLD-VS-NEW: each declaration reproduces its handlers/ file", () => {
  it("keeps the table's order", () => {
    expect(CLAUDE_CODE_EVENTS.map((s) => s.name)).toEqual(OLD_TABLE.map((s) => s.name));
  });

  it.each(HOOK_EVENTS.map((n) => [n]))("%s: same fields, same scalar and array values, same outputFields keys", (name) => {
    const o = old(name);
    const n = spec(name);
    expect(Object.keys(n).filter((k) => k !== "stopLike" && k !== "summary").sort()).toEqual(Object.keys(o).sort());
    for (const [key, value] of Object.entries(o)) {
      if (key === "input" || key === "matcher" || key === "output" || key === "outputFields") continue;
      expect(n[key as keyof EventSpec], `${name}.${key}`).toStrictEqual(value);
    }
    expect(Object.keys(n.outputFields)).toEqual(Object.keys(o.outputFields));
    expect(n.matcher === null).toBe(o.matcher === null);
    expect(n.matcher?.syntax).toBe(o.matcher?.syntax);
    // The flag the engine spells today as `spec.name === "Stop" || spec.name === "SubagentStop"`.
    expect(n.stopLike).toBe(o.name === "Stop" || o.name === "SubagentStop");
  });

  it.each(HOOK_EVENTS.map((n) => [n]))("%s: the output fields take the same values", (name) => {
    const o = old(name).outputFields;
    const n = spec(name).outputFields;
    for (const key of Object.keys(o)) {
      const vocab = SPECIFIC[key]!;
      fc.assert(
        fc.property(fc.oneof(vocab.ok, vocab.bad, json), (v) => n[key]!.safeParse(v).success === o[key]!.safeParse(v).success),
        { numRuns: 300 },
      );
    }
  });

  it.each(HOOK_EVENTS.map((n) => [n]))(`%s: the answer schemas agree on hand-written and ${ANSWERS_PER_EVENT} generated answers`, (name) => {
    const o = old(name).output;
    const n = spec(name).output;
    for (const a of edgeAnswers(name)) expect(n.safeParse(a).success, JSON.stringify(a)?.slice(0, 200)).toBe(o.safeParse(a).success);
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(answers(old(name)), (a) => {
        const ok = o.safeParse(a).success;
        if (ok) accepted++;
        else rejected++;
        return n.safeParse(a).success === ok;
      }),
      { numRuns: ANSWERS_PER_EVENT },
    );
    // The generator reaches both sides of every schema.
    expect(accepted, "accepted").toBeGreaterThan(ANSWERS_PER_EVENT / 20);
    expect(rejected, "rejected").toBeGreaterThan(ANSWERS_PER_EVENT / 20);
  });

  it.each(HOOK_EVENTS.map((n) => [n]))(`%s: the input schemas and matchers agree on the fixtures and ${INPUTS_PER_EVENT} generated inputs`, (name) => {
    const o = old(name);
    const n = spec(name);
    const same = (i: unknown) => {
      const a = o.input.safeParse(i);
      const b = n.input.safeParse(i);
      if (a.success !== b.success) return false;
      if (a.success && b.success) {
        expect(b.data).toStrictEqual(a.data);
        if (o.matcher) expect(n.matcher!.query(a.data)).toBe(o.matcher.query(a.data));
      }
      if (o.matcher && i !== null && typeof i === "object" && !Array.isArray(i)) {
        const raw = i as Record<string, unknown>;
        expect(n.matcher!.query(raw)).toBe(o.matcher.query(raw));
      }
      return true;
    };
    expect(n.input.safeParse(PAYLOADS[name]).success).toBe(true);
    for (const payload of Object.values(PAYLOADS)) expect(same(payload)).toBe(true);
    let accepted = 0;
    fc.assert(
      fc.property(inputs(name), (i) => {
        if (o.input.safeParse(i).success) accepted++;
        return same(i);
      }),
      { numRuns: INPUTS_PER_EVENT },
    );
    expect(accepted).toBeGreaterThan(INPUTS_PER_EVENT / 20);
  });
});
