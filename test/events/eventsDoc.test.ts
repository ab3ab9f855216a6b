import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS } from "../../src/clients/claude-code/events";
import { EVENTS_BEGIN, EVENTS_END, renderEventsTable, spliceEventsSection } from "../../src/clients/claude-code/eventsDoc";
import doc from "../../docs/events.md?raw";

const section = renderEventsTable();
const rows = section.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Event"));
const cells = (row: string) => row.slice(2, -2).split(" | ");

describe("docs/events.md", () => {
  it("holds the table the event table renders (out of date? run `npm run docs`)", () => {
    const fresh = spliceEventsSection(doc, section);
    expect(fresh === doc, "docs/events.md is out of date with src/clients/claude-code/events.ts: run `npm run docs`").toBe(true);
  });

  it("cites no internal spec", () => {
    expect(doc).not.toMatch(/§|contract|Appendix [A-Z]|\[HR\]|\[SDK\]|\(Q\d+\)/);
  });

  it("describes every event in its prose, by name", () => {
    const prose = doc.slice(doc.indexOf("## Per event"));
    for (const s of CLAUDE_CODE_EVENTS) expect(prose, s.name).toContain(`**${s.name}**`);
  });

  it("says prompt judges do not run exactly where the table says so", () => {
    const prose = doc.slice(doc.indexOf("## Per event"));
    const paragraphs = prose.split(/\n\n/);
    for (const p of paragraphs.filter((p) => /no prompt judges|Prompt judges do not run/i.test(p))) {
      const name = /^\*\*(\w+)\*\*/.exec(p)?.[1];
      expect(CLAUDE_CODE_EVENTS.find((s) => s.name === name)?.prompt, name).toBe(false);
    }
  });
});

describe("renderEventsTable", () => {
  it("renders one row per event, in order, with its route and summary", () => {
    expect(rows).toHaveLength(CLAUDE_CODE_EVENTS.length);
    CLAUDE_CODE_EVENTS.forEach((s, i) => {
      const [name, summary, route, , , , , budget, , prompt] = cells(rows[i]!);
      expect([name, summary, route]).toEqual([s.name, s.summary, `\`${s.route}\``]);
      expect(budget).toBe(`${s.clientTimeoutMs / 1000} s`);
      expect(prompt).toBe(s.prompt ? "yes" : "no");
    });
  });

  it("renders the cells that need more than a list", () => {
    const row = (name: string) => cells(rows.find((r) => r.startsWith(`| ${name} |`))!);
    expect(row("FileChanged")[3]).toBe("basename(file_path) (narrow)");
    expect(row("StopFailure")[3]).toBe("error (narrow)");
    expect(row("Stop")[3]).toBe("—");
    expect(row("PermissionRequest")[5]).toBe("updatedInput, updatedPermissions, interrupt");
    expect(row("PreToolUse")[5]).toBe("additionalContext, updatedInput");
    expect(row("WorktreeRemove")[6]).toBe("— (`{}` only)");
    expect(row("SessionStart")[8]).toBe("**bridge**");
    expect(row("SessionEnd").slice(7, 9)).toEqual(["1.5 s", "yes (ack first)"]);
    expect(section).toContain(
      "only: PreToolUse, PermissionRequest, PostToolUse, PostToolUseFailure, PermissionDenied, PreSkillShellCommand.",
    );
  });

  it("is spliced between the markers only, and needs both", () => {
    const page = `intro\n${EVENTS_BEGIN}\nold\n${EVENTS_END}\noutro\n`;
    const once = spliceEventsSection(page, "new");
    expect(once).toBe(`intro\n${EVENTS_BEGIN}\nnew\n${EVENTS_END}\noutro\n`);
    expect(spliceEventsSection(once, "new")).toBe(once);
    expect(() => spliceEventsSection("no markers", "x")).toThrow(/expected one/);
    expect(() => spliceEventsSection(`${EVENTS_END}${EVENTS_BEGIN}`, "x")).toThrow(/expected one/);
    expect(() => spliceEventsSection(`${EVENTS_BEGIN}${EVENTS_BEGIN}${EVENTS_END}`, "x")).toThrow(/expected one/);
  });
});
