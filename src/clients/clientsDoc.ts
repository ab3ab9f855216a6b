import type { EventSpec } from "../engine/event/eventSpec";
import type { ClientProfile } from "../gate/profile";
import { CLAUDE_CODE_ALSO } from "./claude-code/tools";
import { CODEX_CAPABILITIES } from "./codex/capabilities";
import { CODEX_RENAMES } from "./codex/tools";
import { COPILOT_TOOLS } from "./copilot-cli/tools";
import { CURSOR_TOOLS } from "./cursor/native";
import { isNative } from "./native";
import type { ToolRenames } from "./toolRenames";

/*
 * docs/clients.md, rendered from the client profiles (their event tables and answer writers) and the facts below
 * about how each client fails, which are not in any table the code runs on. `npm run docs` writes it;
 * test/clients/clientsDoc.node.test.ts fails when the committed file is out of date.
 */

/** What a user must know about one client that its event table does not say. */
interface ClientFacts {
  /** How its hooks are configured, and the file `hookgate settings --client` writes. */
  settings: string;
  /** What happens when a hook times out, errs or answers something the client does not read. */
  failure: string;
  /** What `hookgate settings` cannot enforce on that client. */
  cannotEnforce: readonly string[];
  /** How its tools read as the canonical ones: its rename table (rendered), and what else a user must know. */
  tools: { renames?: ToolRenames; notes: readonly string[] };
  /** Where the shapes came from. */
  source: string;
}

const FACTS: Readonly<Record<string, ClientFacts>> = {
  "claude-code": {
    settings: "`http` hooks in `.claude/settings.json` (`hookgate settings --merge .claude/settings.json`); SessionStart and Setup, which Claude Code never sends over HTTP, through a curl command bridge.",
    failure:
      "Claude Code goes ahead on a non-2xx answer, a timeout or a body that is not JSON. The generated hooks on the events that can deny or block say `onFailure: \"block\"` when the policy fails closed, so an unreachable hookgate blocks there instead.",
    cannotEnforce: [
      "Hooks in a developer's own settings run beside hookgate's, and a developer can remove hookgate's from a project file; only managed settings stop that.",
    ],
    tools: {
      notes: [
        "Its tools are the canonical ones. Some are also other calls, each decided too and the strictest verdict answered: " +
          Object.entries(CLAUDE_CODE_ALSO)
            .map(([tool, also]) => `\`${tool}\` is also ${also.map((a) => `${a.tool} of its \`${a.from.join(".")}\``).join(", ")}`)
            .join("; ") +
          ". So a Bash rule fires on the command Monitor runs, a Read rule on a file Artifact publishes.",
      ],
    },
    source: "Claude Code 2.1.332, driven offline in e2e/.",
  },
  codex: {
    settings: "command hooks only: `.codex/hooks.json`, or the managed `requirements.toml` (`[[hooks.PreToolUse]]` tables), through a node command bridge (see [codex.md](codex.md)).",
    failure: `On a timeout ${CODEX_CAPABILITIES.onTimeout}. On an error: ${CODEX_CAPABILITIES.onError}.`,
    cannotEnforce: [CODEX_CAPABILITIES.trust, ...CODEX_CAPABILITIES.cannotEnforce],
    tools: {
      renames: CODEX_RENAMES,
      notes: [
        "Its shell tool (`exec_command`) reaches hooks as `Bash` with `tool_input.command`; MCP tools as `mcp__<server>__<tool>`; `apply_patch`, and a shell call `apply_patch <<'EOF'`, as the Edit/Write of each file (see [codex.md](codex.md)).",
        "Not hooked by Codex at all, so no rule sees them: `write_stdin` (what the model types into a running interactive session, e.g. a shell it opened with `exec_command` and `tty`), `request_user_input`, its goal and sub-agent tools, `web_search`. A rule on Bash sees the command that opened a session, never what is typed into it: deny opening shells and interpreters (`Bash(bash)`, `Bash(python3)`, …) where that matters.",
      ],
    },
    source: `@openai/codex ${CODEX_CAPABILITIES.version}, driven offline in e2e/; its output schemas vendored as test fixtures.`,
  },
  "copilot-cli": {
    settings:
      "`http` hooks in `.github/hooks/hookgate.json` (any `.github/hooks/*.json` is read), the token in a header Copilot fills from the environment (`allowedEnvVars`). Copilot also calls the `http` hooks of `.claude/settings.json`; those calls are recognised on Claude Code's routes and decided as copilot-cli's.",
    failure:
      "A timeout or a body that is not JSON is ignored: the call goes ahead whatever hookgate meant (Copilot fails open there). A non-2xx answer to preToolUse denies the call (\"hook errored\"); so does a body that is not JSON on permissionRequest (\"Permission request hook failed\"). It refuses a token-carrying or authorising hook over plain http (except to localhost with COPILOT_HOOK_ALLOW_LOCALHOST=1).",
    cannotEnforce: [
      "Repository hooks load only in a folder the developer trusts; `disableAllHooks` in a developer's settings turns them off.",
      "errorOccurred and preMcpToolCall have no canonical event: not routed.",
      "postToolUse and postToolUseFailure take no verdict (context only): a policy's block there does nothing in Copilot.",
    ],
    tools: {
      renames: COPILOT_TOOLS,
      notes: [
        "Which tools a session has depends on its model: with a GPT-5 Codex model Copilot edits files with `apply_patch` (its hook input a bare patch), read as the Write/Edit of each file the patch touches (a patch hookgate cannot read fails closed), and searches with `rg`; `grep`, `rg` and `glob` take a list of `paths`, each decided as a Grep/Glob of that path.",
        "An MCP tool is `<server>-<tool>` on preToolUse and postToolUse, `<server>/<tool>` on permissionRequest: both are `mcp__<server>__<tool>`. With hyphens in the server's or the tool's own name `<server>-<tool>` can be read several ways: each reading is decided, and the strictest verdict answered.",
        "`ask` in a non-interactive run (`copilot -p`) is a deny (\"unable to ask user for confirmation\").",
      ],
    },
    source: "@github/copilot 1.0.102, driven offline in e2e/ (COPILOT_OFFLINE with a local BYOK provider); payloads captured from it.",
  },
  cursor: {
    settings:
      "command hooks only: `.cursor/hooks.json` (also `~/.cursor/hooks.json` and the enterprise `/etc/cursor/hooks.json`), each the command bridge to its route. When hookgate cannot answer and the policy fails closed, the bridge prints the event's blocking answer and exits 2.",
    failure: "Cursor documents no failing-closed of its own: a hook that fails or times out without an answer lets the agent go on, which is why the bridge answers for hookgate then.",
    cannotEnforce: [
      "Project hooks run only in a trusted workspace.",
      "Cursor does not say which server an MCP tool is from: it is `mcp__cursor__<tool>`, and a rule naming another server does not match it.",
      "Its after… events (afterShellExecution, afterFileEdit, …) take no answer: not routed.",
      "Not driven for real here (a desktop app with an account): the shapes are Cursor's documented ones.",
    ],
    tools: {
      renames: CURSOR_TOOLS,
      notes: [
        "On preToolUse an MCP tool is `MCP:<tool>`, read as `mcp__cursor__<tool>` (as on beforeMCPExecution). Cursor documents its tool names, not each tool's input: a path in `path` is also read as the canonical `file_path`, and a rewrite goes back in the field the call had.",
      ],
    },
    source: "cursor.com/docs/agent/hooks (its reference as vendored in pcomans/caruso, reference/cursor_hooks.md at 0d41427e).",
  },
};

/** A rename table as one line: `tool` → Canonical (field → field, …), in the table's order. */
function renamesLine(renames: ToolRenames): string {
  const each = Object.entries(renames).map(([tool, t]) => {
    const fields = Object.entries(t.fields ?? {}).map(([from, to]) => `${from} → ${to}`);
    return `\`${tool}\` → ${t.canonical}${fields.length > 0 ? ` (${fields.join(", ")})` : ""}`;
  });
  return `Its tools as the canonical ones: ${each.join(", ")}; any other keeps its own name (\`*\` and regex matchers still see it).`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");
const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;

/** One event's row: its name on the wire, the policy's event, whether it blocks, what each verdict becomes. */
function row(profile: ClientProfile, spec: EventSpec): string[] {
  // What each verdict becomes: a native client's answer writer says, Codex's capability table (src/clients/codex/) too.
  const codex = profile.name === CODEX_CAPABILITIES.client ? CODEX_CAPABILITIES.events.find((e) => e.event === spec.name) : undefined;
  const writer = isNative(spec) ? spec.writer : codex ? { verdicts: codex.verdicts as Partial<Record<string, string>>, blocks: codex.canBlock, carries: [] } : undefined;
  const name = isNative(spec) ? spec.native.native : spec.name;
  const verdicts = writer
    ? spec.verdicts.map((v) => `${v} → ${writer.verdicts[v] ?? "not honoured (no answer)"}`)
    : spec.verdicts.map((v) => v);
  const carries = isNative(spec) ? spec.writer.carries : [...(spec.additionalContext ? ["additionalContext"] : []), ...(spec.updatedInput ? ["updatedInput"] : [])];
  const blocks = writer ? writer.blocks && spec.verdicts.some((v) => writer.verdicts[v] !== undefined) : spec.verdicts.some((v) => v === "deny" || v === "block");
  return [
    `\`${name}\``,
    spec.name,
    blocks ? "yes" : "no",
    verdicts.length > 0 ? verdicts.join("; ") : "—",
    carries.length > 0 ? carries.join(", ") : "—",
    `${spec.clientTimeoutMs / 1000} s`,
    `\`${profile.routeSegment ? `${profile.routeSegment}/` : ""}${spec.route}\``,
  ];
}

/** docs/clients.md, whole. */
export function renderClientsDoc(profiles: readonly ClientProfile[]): string {
  const out = [
    "# Clients",
    "",
    "<!-- Generated from the client profiles (src/clients/, handlers/) by `npm run docs`; edit those, not this file. -->",
    "",
    "One policy serves every client. Its events and tools are Claude Code's names — the canonical ones: `PreToolUse`,",
    "`Bash`, `Read`, `Write`, `Edit`, `WebFetch`, `mcp__server__tool` — and each client's own events and tools are",
    "mapped onto them (Copilot CLI's `preToolUse` of its `bash` tool, Cursor's `beforeShellExecution`, are PreToolUse",
    "of `Bash`). A group's `clients` (see [policy.md](policy.md)) limits it to some clients. Each client's hooks call",
    "`/v1/hooks/<team>/<route>` below, and every answer holds only fields that client reads. What a rule sets that a",
    "client's answers cannot carry (an output field, a message, a rewrite, an event it never sends) is left out of its",
    "answers and named at publish and by `hookgate check`, one warning per finding prefixed with the client's name.",
    "",
    `| Client | Name in \`clients\` | Events routed | Can block |`,
    "|---|---|---|---|",
    ...profiles.map((p) => line([p.title, `\`${p.name}\``, String(p.events.list.length), String(p.events.list.filter((s) => row(p, s)[2] === "yes").length)])),
  ];
  for (const p of profiles) {
    const facts = FACTS[p.name];
    out.push("", `## ${p.title} (\`${p.name}\`)`, "");
    if (facts) out.push(`**Hooked up by:** ${facts.settings}`, "", `**When a hook fails:** ${facts.failure}`, "");
    const header = ["Event", "Policy event", "Can block", "What each verdict becomes", "Also carries", "Budget", "Route"];
    out.push(line(header), `|${header.map(() => "---").join("|")}|`, ...p.events.list.map((s) => line(row(p, s))));
    if (facts) {
      out.push("", "**Tools:**", "");
      if (facts.tools.renames) out.push(`- ${renamesLine(facts.tools.renames)}`);
      out.push(...facts.tools.notes.map((n) => `- ${n}`));
      out.push("", "**What `hookgate settings` cannot enforce here:**", "", ...facts.cannotEnforce.map((c) => `- ${c}`), "", `Shapes from: ${facts.source}`);
    }
  }
  return `${out.join("\n")}\n`;
}
