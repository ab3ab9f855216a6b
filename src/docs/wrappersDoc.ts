import { WRAPPERS, type WrapperSpec } from "../engine/shell/commands/wrappers";

/*
 * The "wrappers stripped" row of docs/policy.md's normalisation table, rendered from the wrapper table
 * (src/engine/shell/commands/wrappers.ts), so every wrapper hookgate strips is named there and none that it does not.
 * `npm run docs` writes it; test/docs/wrappersDoc.node.test.ts fails when the file is out of date.
 */

/** The row's first cell: the line of docs/policy.md that starts with it is the row. */
export const WRAPPERS_ROW = "| wrappers stripped |";

/** How one wrapper is written in the row: with its subcommands, the word its command follows, or `'…'` for code. */
function spelling(name: string, spec: WrapperSpec): string {
  const head = spec.subcommands ? `${name} ${spec.subcommands.join("`/`")}` : name;
  if (spec.commandAfter !== undefined) return `\`${head} … ${spec.commandAfter} cmd\``;
  if (spec.codeOptions?.length && !spec.restIsCode && !spec.eachArgIsCode) return `\`${head}\` (\`${spec.codeOptions[0]} '…'\` too)`;
  if (spec.restIsCode || spec.eachArgIsCode) return `\`${head} '…'\``;
  return `\`${head}\``;
}

/** The whole row. */
export function renderWrappersRow(): string {
  const names = Object.entries(WRAPPERS).map(([name, spec]) => spelling(name, spec));
  return `${WRAPPERS_ROW} ${names.join(", ")}; and a program no table knows, for what follows its \`--\` (\`tool -- rm -rf /\`) |`;
}

/** docs/policy.md with its wrappers row rendered anew. */
export function spliceWrappersRow(doc: string): string {
  const lines = doc.split("\n");
  const at = lines.findIndex((l) => l.startsWith(WRAPPERS_ROW));
  if (at < 0) throw new Error(`docs/policy.md has no line starting with "${WRAPPERS_ROW}"`);
  lines[at] = renderWrappersRow();
  return lines.join("\n");
}
