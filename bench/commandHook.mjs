// What a team would run without hookgate: a Claude Code `command` hook doing the same check, one process per call.
let text = "";
process.stdin.on("data", (c) => (text += c));
process.stdin.on("end", () => {
  const input = JSON.parse(text);
  const command = String(input.tool_input?.command ?? "");
  if (/\brm\s+-[a-zA-Z]*r[a-zA-Z]*\s+\/(\s|$)/.test(command)) {
    process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } }));
  } else process.stdout.write("{}");
});
