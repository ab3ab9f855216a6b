import { isDeclaredMatcher } from "../../engine/event/defineEvent";
import type { EventSpec } from "../../engine/event/eventSpec";
import { CLAUDE_CODE_EVENTS } from "./events";

/*
 * The events table of docs/events.md, rendered from the event table. `npm run docs` writes it between the markers;
 * test/events/eventsDoc.test.ts fails when the file is out of date.
 */

export const EVENTS_BEGIN = "<!-- events:begin -->";
export const EVENTS_END = "<!-- events:end -->";

const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(", ") : "—");

function matcherCell(s: EventSpec): string {
  const m = s.matcher;
  if (m === null) return "—";
  const field = isDeclaredMatcher(m) ? (m.basename ? `basename(${m.field})` : m.field) : "(custom)";
  return m.syntax === "narrow" ? `${field} (narrow)` : field;
}

/** What a policy can set on the event: the handler fields it takes, then its `output` fields. */
function eventFields(s: EventSpec): string[] {
  return [
    ...(s.additionalContext ? ["additionalContext"] : []),
    ...(s.updatedInput ? ["updatedInput"] : []),
    ...Object.keys(s.outputFields),
  ];
}

function topLevelCell(s: EventSpec): string {
  if (s.topLevel.length > 0) return s.topLevel.join(", ");
  return s.verdicts.length === 0 && eventFields(s).length === 0 ? "— (`{}` only)" : "—";
}

const seconds = (ms: number) => `${ms / 1000} s`;

function httpCell(s: EventSpec): string {
  if (!s.httpDelivered) return "**bridge**";
  return s.acknowledgeFirst ? "yes (ack first)" : "yes";
}

/** The generated section: the table, its legend for the matcher column, and the tool events. */
export function renderEventsTable(events: readonly EventSpec[] = CLAUDE_CODE_EVENTS): string {
  const header = ["Event", "What for", "Route", "Matcher field", "Verdicts", "Fields", "Top level", "Budget", "HTTP", "Prompt"];
  const rows = events.map((s) => [
    s.name,
    s.summary ?? "",
    `\`${s.route}\``,
    matcherCell(s),
    list(s.verdicts),
    list(eventFields(s)),
    topLevelCell(s),
    seconds(s.clientTimeoutMs),
    httpCell(s),
    s.prompt ? "yes" : "no",
  ]);
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  const tools = events.filter((s) => s.toolEvent).map((s) => s.name);
  return [
    "<!-- Generated from handlers/claude-code/ by `npm run docs`; edit the declarations, not this table. -->",
    "",
    line(header),
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map(line),
    "",
    '"—" in the matcher column: the event has no matcher; a group\'s `matcher` is ignored. "narrow":',
    "the older exact-match character set `[A-Za-z0-9_|]`. `if`/`unless` permission rules apply on the tool events",
    `only: ${tools.join(", ")}.`,
  ].join("\n");
}

/** `doc` with the text between the markers replaced by `section`; throws unless each marker occurs once, in order. */
export function spliceEventsSection(doc: string, section: string): string {
  const begin = doc.indexOf(EVENTS_BEGIN);
  const end = doc.indexOf(EVENTS_END);
  if (begin < 0 || end < 0 || end < begin || doc.indexOf(EVENTS_BEGIN, begin + 1) >= 0 || doc.indexOf(EVENTS_END, end + 1) >= 0)
    throw new Error(`expected one ${EVENTS_BEGIN} followed by one ${EVENTS_END}`);
  return `${doc.slice(0, begin + EVENTS_BEGIN.length)}\n${section}\n${doc.slice(end)}`;
}
