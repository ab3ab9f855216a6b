#!/usr/bin/env node
// The `hookgate` CLI: the same TypeScript engine the Worker runs, loaded through tsx.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/index.ts");
process.exitCode = await main(process.argv.slice(2));
