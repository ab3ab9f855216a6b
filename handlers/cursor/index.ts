import beforeShellExecution from "./before-shell-execution";
import beforeMcpExecution from "./before-mcp-execution";
import beforeReadFile from "./before-read-file";
import preToolUse from "./pre-tool-use";
import beforeSubmitPrompt from "./before-submit-prompt";
import stop from "./stop";

/** Cursor's hook events that can block (and stop), one module each; its after… events are observation only: not routed. */
export const CURSOR_EVENTS = [
  beforeShellExecution,
  beforeMcpExecution,
  beforeReadFile,
  preToolUse,
  beforeSubmitPrompt,
  stop,
] as const;
