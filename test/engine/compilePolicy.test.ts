import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy, type CompiledPolicy, type Problem } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import { claudeCode } from "../../src/clients/claude-code";

const compiled = (doc: unknown): CompiledPolicy => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (!c.ok) throw new Error(`expected the policy to compile:\n${c.error.map((p) => `${p.path}: ${p.message}`).join("\n")}`);
  return c.value;
};
const problems = (doc: unknown): Problem[] => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (c.ok) throw new Error("expected the policy to be refused");
  return c.error;
};

describe("compilePolicy: every problem, with its path, in one go", () => {
  const bad = {
    failMode: "closed",
    hooks: {
      PreToolUs: [{ hooks: [{ type: "rule", decision: "deny" }] }],
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "rule", id: "typo", decison: "deny", reason: "x" },
            { type: "command", command: "./check.sh" },
            { type: "rule", id: "bad-when", when: { "tool_input.command": "rm (-rf" }, decision: "deny" },
            { type: "rule", id: "bad-rule", if: "Bash(rm *", decision: "deny" },
            { type: "rule", id: "dup", decision: "ask" },
            { type: "rule", id: "dup", decision: "allow" },
            { type: "rule", id: "reason-only", reason: "why?", additionalContext: "ctx" },
          ],
        },
      ],
      Notification: [{ hooks: [{ type: "rule", id: "notify-deny", decision: "deny" }] }],
      Stop: [{ hooks: [{ type: "rule", id: "stop-rewrite", decision: "block", updatedInput: { command: "ls" } }] }],
      UserPromptSubmit: [{ hooks: [{ type: "rule", id: "prompt-if", if: "Bash(ls)", decision: "block" }] }],
      SessionStart: [{ hooks: [{ type: "prompt", id: "start-judge", prompt: "Is this session fine? $ARGUMENTS" }] }],
      PostToolUse: [{ hooks: [{ type: "rule", id: "post-title", output: { sessionTitle: "x" } }] }],
    },
  };

  const expected: [path: string, message: RegExp][] = [
    ["hooks.PreToolUs", /unknown event "PreToolUs" \(did you mean "PreToolUse"\?\); Claude Code's events are .*PreToolUse/],
    ["hooks.PreToolUse[0].hooks[0].decison", /unknown field "decison" \(did you mean "decision"\?\)/],
    ["hooks.PreToolUse[0].hooks[1].type", /`command` handlers .*cannot run at the edge/],
    ["hooks.PreToolUse[0].hooks[2].when.tool_input.command", /not a valid regular expression.*rm \(-rf/],
    ["hooks.PreToolUse[0].hooks[3].if", /"Bash\(rm \*".*closing "\)"/],
    ["hooks.PreToolUse[0].hooks[5].id", /id "dup" is already used by hooks\.PreToolUse\[0\]\.hooks\[4\]/],
    ["hooks.PreToolUse[0].hooks[6].reason", /reason without a decision/],
    ["hooks.Notification[0].hooks[0].decision", /Notification cannot express "deny"/],
    ["hooks.Stop[0].hooks[0].updatedInput", /Stop cannot rewrite its input/],
    ["hooks.UserPromptSubmit[0].hooks[0].if", /only apply to tool events; UserPromptSubmit has no tool/],
    ["hooks.SessionStart[0].hooks[0].type", /SessionStart does not take prompt handlers/],
    ["hooks.PostToolUse[0].hooks[0].output.sessionTitle", /PostToolUse has no output field "sessionTitle"/],
  ];

  it("lists schema problems and semantic problems together", () => {
    const got = problems(bad);
    for (const [path, message] of expected) {
      const at = got.filter((p) => p.path === path);
      expect(at, `no problem at ${path}; got:\n${got.map((p) => `${p.path}: ${p.message}`).join("\n")}`).not.toHaveLength(0);
      expect(at.some((p) => message.test(p.message)), `${path}: ${at.map((p) => p.message).join(" | ")}`).toBe(true);
    }
    // nothing invented for the parts that are fine, and each problem reported once
    const paths = got.map((p) => `${p.path}: ${p.message}`);
    expect(new Set(paths).size).toBe(paths.length);
    const unexpected = got.filter((p) => !expected.some(([path]) => path === p.path));
    // a prompt handler on SessionStart also has no verdict its "no" could become: same handler, a second field
    expect(unexpected.map((p) => p.path)).toEqual(["hooks.SessionStart[0].hooks[0].decision"]);
  });

  it("each message is plain words (no zod internals, no [object Object])", () => {
    for (const p of problems(bad)) {
      expect(p.message).not.toMatch(/\[object Object\]|invalid_union|ZodError/);
      expect(p.path).not.toBe("");
    }
  });

  it("agent and mcp_tool handlers are refused with a reason that says why", () => {
    const got = problems({
      hooks: {
        Stop: [{ hooks: [{ type: "agent", prompt: "verify tests" }, { type: "mcp_tool", server: "x", tool: "y" }, { type: "shell" }] }],
      },
    });
    expect(got).toEqual([
      { path: "hooks.Stop[0].hooks[0].type", message: expect.stringMatching(/`agent` handlers .*cannot run at the edge/) },
      { path: "hooks.Stop[0].hooks[1].type", message: expect.stringMatching(/`mcp_tool` handlers .*cannot run at the edge/) },
      { path: "hooks.Stop[0].hooks[2].type", message: expect.stringMatching(/unknown handler type "shell"/) },
    ]);
  });

  it("other per-handler checks", () => {
    const got = problems({
      failMode: "open",
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "rule", id: "nothing" },
              { type: "rule", id: "deny-rewrite", decision: "deny", updatedInput: { command: "ls" } },
              { type: "rule", id: "stop-reason-alone", decision: "allow", stopReason: "why" },
              { type: "rule", id: "block-here", decision: "block" },
              { type: "http", id: "hdr", url: "https://hooks.example.com/x", headers: { Authorization: "Bearer $TOKEN" } },
              { type: "http", id: "ftp", url: "ftp://hooks.example.com/x" },
              { type: "rule", id: "bad-id!", decision: "ask" },
              { type: "http", id: "literal", url: "https://hooks.example.com/x", headers: { Authorization: "Bearer hg_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "X-Team": "acme" } },
              { type: "http", id: "in-url", url: "https://bob:hunter2pw@hooks.example.com/x?token=tok_abcdefghij123" },
              { type: "http", id: "named", url: "https://hooks.example.com/x", headers: { Authorization: "Bearer ${TOKEN}", "X-Key": "k=$KEY" }, allowedEnvVars: ["TOKEN", "KEY"] },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: "prompt", id: "stop-judge", prompt: "done?", onError: "deny" }] }],
        PermissionDenied: [{ hooks: [{ type: "rule", id: "retry", output: { retry: "yes" } }] }],
      },
    });
    const at = (path: string) => got.filter((p) => p.path === path).map((p) => p.message);
    expect(at("hooks.PreToolUse[0].hooks[0]")).toEqual([expect.stringMatching(/sets nothing/)]);
    expect(at("hooks.PreToolUse[0].hooks[1].updatedInput")).toEqual([expect.stringMatching(/never applied with "deny"/)]);
    expect(at("hooks.PreToolUse[0].hooks[2].stopReason")).toEqual([expect.stringMatching(/only goes with continue: false/)]);
    expect(at("hooks.PreToolUse[0].hooks[3].decision")).toEqual([expect.stringMatching(/PreToolUse cannot express "block"; it can express: allow, deny, ask, defer/)]);
    expect(at("hooks.PreToolUse[0].hooks[4].headers.Authorization")).toEqual([expect.stringMatching(/\$TOKEN is not listed in allowedEnvVars/)]);
    expect(at("hooks.PreToolUse[0].hooks[5].url")).toEqual([expect.stringMatching(/http\(s\)/)]);
    expect(at("hooks.PreToolUse[0].hooks[6].id")).toEqual([expect.stringMatching(/ids use letters/)]);
    // A credential written into the policy (in a header or the URL) is refused; one named by $NAME is not.
    expect(at("hooks.PreToolUse[0].hooks[7].headers.Authorization")).toEqual([expect.stringMatching(/looks like a credential.*write \$NAME/)]);
    expect(at("hooks.PreToolUse[0].hooks[7].headers.X-Team")).toEqual([]);
    expect(at("hooks.PreToolUse[0].hooks[8].url")).toEqual([expect.stringMatching(/looks like a credential/)]);
    expect(got.filter((p) => p.path.startsWith("hooks.PreToolUse[0].hooks[9]"))).toEqual([]);
    // A stored revision that already holds one still loads (`warnings: false`): refusing it would only fail its
    // team closed, not take the credential out of it.
    const stored = { hooks: { PreToolUse: [{ hooks: [{ type: "http", url: "https://hooks.example.com/x", headers: { Authorization: "Bearer hg_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG" } }] }] } };
    expect(compilePolicy(stored, { client: claudeCode, warnings: false }).ok).toBe(true);
    expect(compilePolicy(stored, { client: claudeCode }).ok).toBe(false);
    expect(at("hooks.Stop[0].hooks[0].onError")).toEqual([expect.stringMatching(/Stop cannot express "deny"/)]);
    expect(at("hooks.PermissionDenied[0].hooks[0].output.retry")).toHaveLength(1);
  });

  it("policy-level fields are checked too", () => {
    const got = problems({ failMode: "sometimes", deadlineMs: 10, extra: 1, hooks: { Stop: [{ hooks: [{ type: "rule", decision: "deny" }] }] } });
    const paths = got.map((p) => p.path);
    expect(paths).toContain("failMode");
    expect(paths).toContain("deadlineMs");
    expect(got.some((p) => p.path === "extra" && /unknown field/.test(p.message))).toBe(true);
    // and the handlers are still checked
    expect(paths).toContain("hooks.Stop[0].hooks[0].decision");
  });

  it("a document that is not a policy at all gets a problem, not an exception", () => {
    for (const doc of [null, 42, "x", [], {}, { hooks: [] }, { hooks: { PreToolUse: {} } }]) {
      const c = compilePolicy(doc, { client: claudeCode });
      expect(c.ok, JSON.stringify(doc)).toBe(false);
      if (!c.ok) expect(c.error.length).toBeGreaterThan(0);
    }
  });
});

describe("compilePolicy: defaults", () => {
  it("failMode closed, deadlineMs 8000, no warnings", () => {
    const p = compiled({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm -rf /*)", decision: "deny" }] }] } });
    expect(p.failMode).toBe("closed");
    expect(p.deadlineMs).toBe(8000);
    expect(p.warnings).toEqual([]);
    expect(p.handlerCount).toBe(1);
  });

  it("positional ids, declaration order, and judge defaults per event", () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "rule", decision: "ask" }, { type: "prompt", prompt: "safe?" }] },
          { hooks: [{ type: "prompt", prompt: "really?", decision: "ask" }] },
        ],
        Stop: [{ hooks: [{ type: "prompt", prompt: "done?" }] }],
      },
    });
    const pre = p.events.PreToolUse!.groups.flatMap((g) => g.handlers);
    expect(pre.map((h) => [h.id, h.order])).toEqual([
      ["PreToolUse[0].hooks[0]", 0],
      ["PreToolUse[0].hooks[1]", 1],
      ["PreToolUse[1].hooks[0]", 2],
    ]);
    const judge = pre[1]!;
    expect(judge.type === "prompt" && [judge.verdict, judge.onError]).toEqual(["deny", "deny"]);
    const asking = pre[2]!;
    expect(asking.type === "prompt" && asking.verdict).toBe("ask");
    const stop = p.events.Stop!.groups[0]!.handlers[0]!;
    expect(stop.type === "prompt" && [stop.verdict, stop.onError]).toEqual(["block", "block"]);
    expect(p.events.PreToolUse!.hasSlowHandlers).toBe(true);
  });

  it("failMode open makes a judge's onError 'none' unless the handler says otherwise", () => {
    const p = compiled({
      failMode: "open",
      hooks: { PreToolUse: [{ hooks: [{ type: "prompt", prompt: "a" }, { type: "prompt", prompt: "b", onError: "ask" }] }] },
    });
    const [a, b] = p.events.PreToolUse!.groups[0]!.handlers;
    expect(a!.type === "prompt" && a!.onError).toBe("none");
    expect(b!.type === "prompt" && b!.onError).toBe("ask");
  });
});

describe("compilePolicy: a valid complex policy", () => {
  const complex = {
    $schema: "https://hookgate.dev/policy.schema.json",
    description: "team policy",
    failMode: "closed",
    deadlineMs: 6000,
    llm: { model: "claude-haiku-4-5", cacheTtlSeconds: 300 },
    maskFields: ["tool_input.env.API_KEY"],
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "rule", id: "no-rm-root", if: "Bash(rm -rf /*)", decision: "deny", reason: "Recursive deletes from / are blocked by team policy." },
            { type: "rule", if: "Bash(git push *)", unless: "Bash(git push origin feat/*)", decision: "ask", reason: "Pushes outside feat/* need a human." },
            { type: "prompt", prompt: "Is this command safe to run on a laptop? $ARGUMENTS", timeout: 5 },
          ],
        },
        {
          matcher: "Edit|Write|MultiEdit",
          hooks: [
            { type: "rule", id: "ci", if: ["Edit(**/.github/workflows/**)", "Edit(//etc/**)"], decision: "ask", reason: "CI" },
            { type: "rule", id: "fmt", when: { "tool_input.file_path": "\\.tsx?$" }, additionalContext: "Format with prettier.", mode: "dry-run" },
          ],
        },
        { matcher: "mcp__github__.*", hooks: [{ type: "rule", id: "gh", if: "mcp__github", decision: "ask", reason: "GitHub writes" }] },
        { matcher: "WebFetch", hooks: [{ type: "rule", id: "web", if: "WebFetch(domain:*.internal.example.com)", decision: "deny", reason: "internal" }] },
        {
          matcher: "Bash",
          hooks: [
            {
              type: "http",
              id: "fwd",
              url: "https://hooks.example.com/pre",
              headers: { Authorization: "Bearer $HOOK_TOKEN", "X-Team": "${TEAM_NAME}" },
              allowedEnvVars: ["HOOK_TOKEN", "TEAM_NAME"],
              timeout: 3,
              onError: "ask",
            },
            { type: "rule", id: "rewrite", if: "Bash(npm test)", decision: "allow", updatedInput: { command: "npm test -- --run" } },
            { type: "rule", id: "halt", if: "Bash(shutdown *)", continue: false, stopReason: "Nope." },
          ],
        },
      ],
      PermissionRequest: [
        {
          matcher: "Bash",
          hooks: [
            {
              type: "rule",
              id: "lint-ok",
              if: "Bash(npm run lint:*)",
              decision: "allow",
              output: {
                updatedPermissions: [
                  { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" },
                ],
              },
            },
          ],
        },
      ],
      UserPromptSubmit: [
        {
          hooks: [
            { type: "rule", id: "aws", when: { prompt: "AKIA[0-9A-Z]{16}" }, decision: "block", reason: "AWS key", output: { suppressOriginalPrompt: true } },
            { type: "rule", id: "title", once: true, output: { sessionTitle: "shop" }, additionalContext: "Be brief." },
          ],
        },
      ],
      PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "rule", once: true, additionalContext: "Run `npm run format` before you finish." }] }],
      PostToolBatch: [{ hooks: [{ type: "rule", id: "batch", when: { "tool_calls.*.tool_input.command": "^git commit" }, additionalContext: "Committed." }] }],
      Stop: [{ hooks: [{ type: "prompt", id: "stop-judge", prompt: "Did the tests pass? $ARGUMENTS", model: "claude-sonnet-4-5" }] }],
      SessionStart: [{ matcher: "startup", hooks: [{ type: "rule", output: { sessionTitle: "new", watchPaths: ["/home/dev/shop/.env"] }, additionalContext: "hi" }] }],
      Notification: [{ matcher: "permission_prompt", hooks: [{ type: "rule", output: { terminalSequence: "\u0007" } }] }],
      Elicitation: [{ matcher: "github", hooks: [{ type: "rule", output: { action: "decline" } }] }],
      PermissionDenied: [{ hooks: [{ type: "rule", if: "Bash(npm *)", output: { retry: true } }] }],
      FileChanged: [{ matcher: ".env|.envrc", hooks: [{ type: "rule", output: { watchPaths: ["/home/dev/shop/.env"] } }] }],
      PreModelSwitch: [{ matcher: "opus", hooks: [{ type: "rule", decision: "ask", reason: "expensive" }] }],
      WorktreeCreate: [{ hooks: [{ type: "rule", output: { worktreePath: "/home/dev/wt/x" } }] }],
    },
  };

  it("compiles, with its settings carried through", () => {
    const p = compiled(complex);
    expect(p.failMode).toBe("closed");
    expect(p.deadlineMs).toBe(6000);
    expect(p.warnings).toEqual([]);
    expect(Object.keys(p.events).sort()).toEqual(Object.keys(complex.hooks).sort());
    expect(p.handlerCount).toBe(
      Object.values(complex.hooks).reduce((n, groups) => n + groups.reduce((m, g) => m + g.hooks.length, 0), 0),
    );
    const fmt = p.events.PreToolUse!.groups[1]!.handlers[1]!;
    expect([fmt.id, fmt.dryRun, fmt.when.map((w) => w.path)]).toEqual(["fmt", true, ["tool_input.file_path"]]);
    expect(p.events.UserPromptSubmit!.hasSlowHandlers).toBe(false);
  });

  it("and evaluates the spec's own example", async () => {
    const p = compiled(complex);
    const r = await evaluate(p, eventByName("PreToolUse"), {
      session_id: "s",
      hook_event_name: "PreToolUse",
      cwd: "/home/dev/shop",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    });
    expect(r.answer).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "Recursive deletes from / are blocked by team policy.",
      },
    });
  });
});

describe("compilePolicy: size", () => {
  const bigPolicy = (n: number) => ({
    hooks: {
      PreToolUse: Array.from({ length: n / 10 }, (_, g) => ({
        matcher: g % 3 === 0 ? "Bash" : g % 3 === 1 ? "Edit|Write" : `mcp__srv${g}__.*`,
        hooks: Array.from({ length: 10 }, (_, i) => {
          const k = g * 10 + i;
          return i % 2 === 0
            ? { type: "rule", id: `h${k}`, if: `Bash(tool${k} *)`, decision: "deny", reason: `tool${k} is blocked` }
            : { type: "rule", id: `h${k}`, when: { "tool_input.command": `^tool${k}\\b` }, additionalContext: `about tool${k}` };
        }),
      })),
    },
  });

  it("compiles a 1,000-handler policy and evaluates against it", async () => {
    const started = performance.now();
    const p = compiled(bigPolicy(1000));
    console.log(`compiled 1,000 handlers in ${(performance.now() - started).toFixed(1)} ms`);
    expect(p.handlerCount).toBe(1000);
    expect(p.events.PreToolUse!.groups).toHaveLength(100);
    const spec = eventByName("PreToolUse");
    const bash = (command: string) =>
      evaluate(p, spec, { hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command } });
    // h990 is in group 99 (99 % 3 === 0 → Bash), an even index → a deny rule
    expect((await bash("tool990 --now")).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "tool990 is blocked" } });
    expect((await bash("tool991 x")).answer).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "about tool991" } });
    // h10 is in group 1 (Edit|Write): not reached for Bash
    expect((await bash("tool10 x")).answer).toEqual({});
  });

  it("refuses one problem among 1,000 handlers, at the right path", () => {
    const doc = bigPolicy(1000);
    (doc.hooks.PreToolUse[57]!.hooks[3] as Record<string, unknown>).when = { "tool_input.command": "(?<=x)y" };
    expect(problems(doc).map((p) => p.path)).toEqual(["hooks.PreToolUse[57].hooks[3].when.tool_input.command"]);
  });
});

describe("http handlers: which secrets may be forwarded (issue 8, item 6)", () => {
  const fwd = (allowedEnvVars: string[]) => ({
    hooks: {
      PreToolUse: [
        {
          hooks: [
            {
              type: "http",
              url: "https://audit.example.com/hook",
              headers: Object.fromEntries(allowedEnvVars.map((n, i) => [`X-${i}`, `$${n}`])),
              allowedEnvVars,
            },
          ],
        },
      ],
    },
  });
  const refused = (doc: unknown, options: { forwardSecrets: string[] } | undefined) => {
    const c = compilePolicy(doc, { client: claudeCode, ...options });
    return c.ok ? [] : c.error.map((p) => `${p.path}: ${p.message}`);
  };

  it("hookgate's own credentials are refused offline too, whatever is declared", () => {
    for (const name of ["ADMIN_TOKEN", "LLM_API_KEY", "HOOKGATE_DEV_TOKEN"])
      for (const options of [undefined, { forwardSecrets: [name] }])
        expect(refused(fwd([name]), options)).toEqual([
          `hooks.PreToolUse[0].hooks[0].allowedEnvVars[0]: ${name} is one of hookgate's own credentials and is never forwarded`,
        ]);
  });

  it("with the deployment's FORWARD_SECRETS, only declared names pass; without it (offline), any other name does", () => {
    expect(refused(fwd(["AUDIT_TOKEN"]), { forwardSecrets: ["AUDIT_TOKEN"] })).toEqual([]);
    expect(refused(fwd(["AUDIT_TOKEN"]), undefined)).toEqual([]);
    expect(refused(fwd(["AUDIT_TOKEN", "OTHER"]), { forwardSecrets: ["AUDIT_TOKEN"] })).toEqual([
      "hooks.PreToolUse[0].hooks[0].allowedEnvVars[1]: OTHER is not declared for forwarding: the Worker's FORWARD_SECRETS variable must list it (it lists AUDIT_TOKEN)",
    ]);
  });
});

describe("warnings: false (loading a stored revision): no warnings worked out, the same decisions", () => {
  const doc = {
    hooks: {
      // Three kinds of warning: a rule the group's matcher excludes, a tool name the client lacks, a matcher on an event without one.
      PreToolUse: [{ matcher: "Bash|Raed", hooks: [{ type: "rule", id: "r", if: ["Bash(rm *)", "Read(**/.env)"], decision: "deny", reason: "no" }] }],
      UserPromptSubmit: [{ matcher: "x", hooks: [{ type: "rule", id: "p", when: { prompt: "secret" }, decision: "block", reason: "no" }] }],
    },
  };
  it("compiles with warnings by default and none with warnings: false; every decision is the same", async () => {
    const full = compilePolicy(doc, { client: claudeCode });
    const loaded = compilePolicy(doc, { client: claudeCode, lazyPatterns: true, warnings: false });
    if (!full.ok || !loaded.ok) throw new Error("does not compile");
    expect(full.value.warnings.length).toBeGreaterThanOrEqual(3);
    expect(loaded.value.warnings).toEqual([]);
    const base = { session_id: "s", transcript_path: "/t", cwd: "/home/dev/shop", permission_mode: "default" };
    const inputs: [string, Record<string, unknown>][] = [
      ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf x" }, tool_use_id: "t" }],
      ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t" }],
      ["PreToolUse", { ...base, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/home/dev/shop/.env" }, tool_use_id: "t" }],
      ["UserPromptSubmit", { ...base, hook_event_name: "UserPromptSubmit", prompt: "my secret" }],
    ];
    for (const [event, input] of inputs) {
      const a = await evaluate(full.value, eventByName(event as "PreToolUse")!, input, {});
      const b = await evaluate(loaded.value, eventByName(event as "PreToolUse")!, input, {});
      expect(b.answer).toEqual(a.answer);
    }
  });
});
