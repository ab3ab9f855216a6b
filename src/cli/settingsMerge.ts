/**
 * Merging hookgate's hooks into a Claude Code settings file that may hold anything else: other hooks, permissions,
 * env, model… Everything that is not hookgate's is kept as it is; hookgate's earlier hooks are replaced, never
 * duplicated, so merging twice gives the file merging once gave.
 *
 * hookgate's own handlers are recognised by what only they are: an `http` hook whose URL is a hookgate hook route
 * (`…/v1/hooks/<team>/<event-route>`) or a command bridge `hookgate settings` writes (src/clients/bridge.ts: for
 * the events Claude Code never sends over HTTP, and every Cursor and Codex hook). No marker field is added: Claude
 * Code validates its settings, and an unknown key in a hook could make it reject the file.
 */
import { HOOK_URL } from "../routes";
import { bridgeTarget } from "../clients/bridge";


type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function isHookgateHandler(h: unknown): boolean {
  if (!isObject(h)) return false;
  if (h.type === "http") return typeof h.url === "string" && HOOK_URL.test(h.url);
  // Cursor's command hooks carry no `type`.
  if ((h.type === "command" || h.type === undefined) && typeof h.command === "string") {
    const target = bridgeTarget(h.command);
    return target !== undefined && HOOK_URL.test(target);
  }
  return false;
}

export interface MergeSummary {
  /** Events whose hookgate hooks were added, replaced (changed), removed, or were already as wanted. */
  added: string[];
  replaced: string[];
  removed: string[];
  unchanged: string[];
  /** Handlers that are not hookgate's, kept. */
  otherHooksKept: number;
  /** Top-level keys other than `hooks`, kept. */
  otherKeysKept: string[];
}

type MergeResult = { ok: true; settings: Json; summary: MergeSummary } | { ok: false; problem: string };

/** The settings with hookgate's block in place of its earlier one; `existing` undefined is a file not there yet. */
export function mergeSettings(existing: unknown, block: { hooks: Record<string, unknown[]>; [key: string]: unknown }): MergeResult {
  if (existing !== undefined && !isObject(existing)) return { ok: false, problem: "the settings file must hold a JSON object" };
  const settings: Json = { ...(existing ?? {}) };
  if (settings.hooks !== undefined && !isObject(settings.hooks)) return { ok: false, problem: "`hooks` must be an object (event → matcher groups)" };
  const hooks: Record<string, unknown> = { ...((settings.hooks as Json | undefined) ?? {}) };
  const summary: MergeSummary = { added: [], replaced: [], removed: [], unchanged: [], otherHooksKept: 0, otherKeysKept: Object.keys(settings).filter((k) => k !== "hooks") };

  for (const [event, groups] of Object.entries(hooks))
    if (!Array.isArray(groups)) return { ok: false, problem: `hooks.${event} must be a list of matcher groups; fix it by hand first` };

  const events = new Set([...Object.keys(hooks), ...Object.keys(block.hooks)]);
  for (const event of events) {
    const groups = (hooks[event] as unknown[] | undefined) ?? [];
    const ours: unknown[] = [];
    const kept: unknown[] = [];
    for (const group of groups) {
      // Copilot CLI's and Cursor's files list the handlers themselves, not matcher groups.
      if (isHookgateHandler(group)) {
        ours.push(group);
        continue;
      }
      if (!isObject(group) || !Array.isArray(group.hooks)) {
        kept.push(group); // not a shape hookgate writes: someone else's, left alone
        continue;
      }
      const mine = group.hooks.filter(isHookgateHandler);
      const others = group.hooks.filter((h) => !isHookgateHandler(h));
      summary.otherHooksKept += others.length;
      if (mine.length) ours.push({ ...group, hooks: mine });
      // A group that held only hookgate's handlers goes with them; one shared with others keeps the others.
      if (others.length || !mine.length) kept.push(mine.length ? { ...group, hooks: others } : group);
    }
    const wanted = block.hooks[event] ?? [];
    const next = [...kept, ...wanted];
    if (next.length) hooks[event] = next;
    else delete hooks[event];
    const list = !ours.length ? (wanted.length ? summary.added : undefined) : !wanted.length ? summary.removed : sameJson(ours, wanted) ? summary.unchanged : summary.replaced;
    list?.push(event);
  }
  settings.hooks = hooks;
  // The block's other keys (Copilot CLI's and Cursor's `version: 1`, without which they read no hook) when missing.
  for (const [key, value] of Object.entries(block)) if (key !== "hooks" && settings[key] === undefined) settings[key] = value;
  return { ok: true, settings, summary };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
