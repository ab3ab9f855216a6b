// The `hookgate` CLI (bin/hookgate.mjs loads this through tsx). One declaration per command: src/cli/commands/.
export { main, VERSION } from "./main";
export type { Io } from "./io";
export { COMMANDS } from "./commands";
