// A real local HTTP server that speaks enough of OpenAI's streamed Responses API (`POST {base_url}/responses`,
// server-sent events) to drive the real Codex CLI offline: each request is answered by a script with one function
// call (a tool the request offers, e.g. `exec_command`) or an assistant message. Beside modelServer.ts (Anthropic's
// Messages API, for Claude Code).
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ResponsesReply = { text: string } | { call: { name: string; args: unknown } };
export type ResponsesScript = (req: { body: any; index: number }) => ResponsesReply;

export interface ResponsesServer {
  /** The base URL a `model_providers` entry takes (…/v1). */
  url: string;
  /** Every POST /v1/responses body, in order. */
  requests: any[];
  /** Paths it did not recognise. */
  unknown: string[];
  close(): Promise<void>;
}

/** The outputs of the tool calls a request carries back (`function_call_output` items), by call id. */
export function toolOutputs(body: any): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of Array.isArray(body?.input) ? body.input : [])
    if (item?.type === "function_call_output") out.set(String(item.call_id), typeof item.output === "string" ? item.output : JSON.stringify(item.output));
  return out;
}

function stream(res: ServerResponse, id: string, item: Record<string, unknown>) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event("response.created", { response: { id } });
  event("response.output_item.added", { output_index: 0, item });
  event("response.output_item.done", { output_index: 0, item });
  event("response.completed", { response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } } });
  res.end();
}

export async function startResponsesServer(script: ResponsesScript): Promise<ResponsesServer> {
  const requests: any[] = [];
  const unknown: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8").on("data", (c: string) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.startsWith("/v1/responses")) {
        unknown.push(`${req.method} ${req.url}`);
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not here" } }));
        return;
      }
      const body = raw ? JSON.parse(raw) : undefined;
      const index = requests.length;
      requests.push(body);
      const reply = script({ body, index });
      const n = index + 1;
      const item =
        "call" in reply
          ? { type: "function_call", id: `fc_${n}`, call_id: `call_${n}`, name: reply.call.name, arguments: JSON.stringify(reply.call.args) }
          : { type: "message", id: `msg_${n}`, role: "assistant", content: [{ type: "output_text", text: reply.text }] };
      stream(res, `resp_${n}`, item);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    unknown,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
