// What a rule sets that a client's answers never carry is said at publish and `hookgate check`, found from each
// client's own answer writer (src/clients/unhonoured.ts): a field outside a client's schema is dropped from its answers
// (it would otherwise make the client ignore the whole answer), so without the warning it would vanish unsaid.
import { describe, expect, it } from "vitest";
import { CLIENT_PROFILES, clientProfile, otherClientWarnings } from "../../src/clients";
import { CLIENT_NAMES } from "../../src/clients/names";
import { unhonoured } from "../../src/clients/unhonoured";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import type { ClientProfile } from "../../src/gate/profile";

const compiled = (client: ClientProfile, document: unknown) => {
  const c = compilePolicy(document, { client, clientNames: CLIENT_NAMES });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};
const profile = (name: string) => clientProfile(name)!;
const messages = (client: string, document: unknown) => unhonoured(profile(client), compiled(profile(client), document)).map((p) => `${p.path}: ${p.message}`);

const RICH = {
  hooks: {
    SessionStart: [{ hooks: [{ type: "rule", additionalContext: "read CONTRIBUTING.md", output: { sessionTitle: "t" } }] }],
    UserPromptSubmit: [{ hooks: [{ type: "rule", systemMessage: "shown to the user", output: { sessionTitle: "T" } }] }],
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          { type: "rule", if: "Bash(ls *)", decision: "allow", updatedInput: { command: "ls -la" } },
          { type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no deletes", systemMessage: "a delete was stopped" },
        ],
      },
    ],
    FileChanged: [{ matcher: ".env", hooks: [{ type: "rule", output: { watchPaths: ["/x"] } }] }],
  },
};

describe("what a client's answers never carry is a warning", () => {
  it("Claude Code, the first client, carries everything a policy that compiles for it sets", () => {
    expect(messages("claude-code", RICH)).toEqual([]);
  });

  it("Copilot CLI: an output field, a systemMessage and an event it never sends are each named", () => {
    const m = messages("copilot-cli", RICH);
    expect(m).toContainEqual(expect.stringMatching(/^hooks\.SessionStart\[0\]\.hooks\[0\]\.output\.sessionTitle: GitHub Copilot CLI: .*carries no output\.sessionTitle/));
    expect(m).toContainEqual(expect.stringMatching(/^hooks\.UserPromptSubmit\[0\]\.hooks\[0\]\.systemMessage: .*carries no systemMessage/));
    expect(m).toContainEqual("hooks.FileChanged: GitHub Copilot CLI sends no FileChanged: these groups never run for it");
    // What it does carry is not named: the deny, its reason, the rewrite.
    expect(m.filter((x) => /PreToolUse\[0\]\.hooks\[1\]\.(decision|reason)|PreToolUse\[0\]\.hooks\[0\]/.test(x))).toEqual([]);
  });

  it("Cursor: a rewrite it cannot take names the routes that drop it; a finding shared by many rules is said once", () => {
    const m = messages("cursor", RICH);
    expect(m).toContainEqual(expect.stringMatching(/^hooks\.PreToolUse\[0\]\.hooks\[0\]\.updatedInput: Cursor: its answer to an allow on `before-shell-execution`.*carries no updatedInput/));
    const many = { hooks: { PreToolUse: [{ matcher: "Read", hooks: [1, 2, 3].map((i) => ({ type: "rule", if: `Read(/secret${i}/**)`, decision: "deny", reason: `r${i}` })) }] } };
    const reasons = messages("cursor", many).filter((x) => x.includes("carries no reason"));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain("`before-read-file`");
    expect(reasons[0]).toContain("(and 2 more rules like it)");
  });

  it("Codex: a bare allow is no opinion there, and is said so", () => {
    const bare = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(git status)", decision: "allow" }] }] } };
    expect(messages("codex", bare)).toEqual([expect.stringContaining('Codex: its PreToolUse answer to an allow carries no "allow" (the rule is no opinion there)')]);
  });

  it("publish and check say them, once per finding, after what the compile already said for the same field", () => {
    const all = otherClientWarnings(RICH, CLIENT_PROFILES).map((p) => `${p.path}\n${p.message}`);
    expect(new Set(all).size).toBe(all.length);
    // Codex's compile names its missing FileChanged itself; the probe does not say it a second time.
    expect(all.filter((x) => x.startsWith("hooks.FileChanged\nCodex"))).toHaveLength(1);
    expect(all.some((x) => x.includes("GitHub Copilot CLI: its SessionStart answer carries no output.sessionTitle"))).toBe(true);
  });
});
