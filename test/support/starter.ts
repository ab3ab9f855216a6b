// The starter policy's PreToolUse rules by id, for suites that expect its exact reasons (they change with the policy).
import starter from "../../policies/default.json";

export function starterRule(id: string) {
  for (const group of starter.hooks.PreToolUse) for (const h of group.hooks) if (h.id === id) return h;
  throw new Error(`no starter rule ${id}`);
}

/** The reason the starter denies `rm -rf /` with. */
export const RM_REASON = starterRule("no-recursive-delete-of-root-system-or-home").reason;
