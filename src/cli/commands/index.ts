import type { Command } from "../command";
import { adminTokens } from "./adminTokens";
import { audit } from "./audit";
import { check } from "./check";
import { decisions } from "./decisions";
import { diff } from "./diff";
import { evalCommand } from "./eval";
import { impact } from "./impact";
import { push } from "./push";
import { replay } from "./replay";
import { revisions, rollback } from "./revisions";
import { abort, canary, promote, shadow } from "./rollout";
import { settings } from "./settings";
import { test } from "./test";
import { teams } from "./teams";
import { tokens } from "./tokens";

/**
 * Every command, in the order the global help lists them. Adding a command is adding its declaration here: the
 * parser, the help and the README check (test/cli/commands.node.test.ts) all read this table.
 */
export const COMMANDS: readonly Command[] = [check, evalCommand, test, replay, impact, push, shadow, canary, promote, abort, diff, revisions, rollback, tokens, adminTokens, decisions, audit, teams, settings];
