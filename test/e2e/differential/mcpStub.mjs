// A minimal MCP stdio server for the differential suite: it lists the tools named on its command line and answers
// every call with "ok" (the suite's hooks deny every call, so no call should ever reach it).
import { createInterface } from "node:readline";

const tools = process.argv.slice(2);
const send = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined) return; // notifications
  const ok = (result) => send({ jsonrpc: "2.0", id: msg.id, result });
  switch (msg.method) {
    case "initialize":
      return ok({ protocolVersion: msg.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "differential-stub", version: "1.0.0" } });
    case "tools/list":
      return ok({ tools: tools.map((name) => ({ name, description: `stub ${name}`, inputSchema: { type: "object", properties: { x: { type: "string" } } } })) });
    case "tools/call":
      return ok({ content: [{ type: "text", text: "ok" }] });
    case "ping":
      return ok({});
    default:
      return send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: `method not found: ${msg.method}` } });
  }
});
