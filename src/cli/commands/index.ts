import type { Command } from "../command";
import { check } from "./check";
import { decisions } from "./decisions";
import { diff } from "./diff";
import { evalCommand } from "./eval";
import { push } from "./push";
import { revisions, rollback } from "./revisions";
import { settings } from "./settings";
import { teams } from "./teams";
import { tokens } from "./tokens";

/**
 * Every command, in the order the global help lists them. Adding a command is adding its declaration here: the
 * parser, the help and the README check (test/cli/commands.node.test.ts) all read this table.
 *
 * `hookgate test` (src/policyTest/command.ts, built separately) goes in as one more entry that parses its own
 * arguments; --help is still answered from the declaration:
 *
 *   export const test: Command = {
 *     name: "test",
 *     summary: "…",
 *     usage: ["test <policy.json> <tests…>"],
 *     options: { …the flags it reads, for its help… },
 *     ownArgs: true,
 *     run: ({ argv, io }) => runTestCommand(argv, io),
 *   };
 */
export const COMMANDS: readonly Command[] = [check, evalCommand, push, diff, revisions, rollback, tokens, decisions, teams, settings];
