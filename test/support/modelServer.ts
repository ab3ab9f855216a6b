// A real local HTTP server that speaks enough of Anthropic's Messages API (streaming and not) and of OpenAI's
// chat completions for our tests: the LLM judge's fetch path and the real Claude Code CLI talk to it.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptRequest {
  /** Parsed JSON body (undefined if the body was not JSON). */
  body: any;
  headers: IncomingHttpHeaders;
  /** 0-based count of scripted requests (messages + chat completions) before this one. */
  index: number;
  path: string;
}

interface ReplyBase {
  /** Wait this long before answering (headers included). */
  delayMs?: number;
}
export type Reply =
  | (ReplyBase & { text: string; toolUse?: undefined; status?: undefined })
  | (ReplyBase & {
      /**
       * A tool call; `text`, if given, comes first as its own content block. `freeform`: a call of a freeform
       * (`custom`) tool on the chat completions wire, `input` its raw text (Copilot CLI's apply_patch with GPT models).
       */
      toolUse: { name: string; input: unknown; id?: string; freeform?: boolean };
      text?: string;
      status?: undefined;
    })
  | (ReplyBase & { status: number; body?: unknown; headers?: Record<string, string> });

export type Script = (req: ScriptRequest) => Reply | Promise<Reply>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  kind: "messages" | "count_tokens" | "chat" | "other";
  /** Set for scripted requests (messages, chat): the index the script saw. */
  index?: number;
}

export interface ModelServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Only the scripted requests (POST /v1/messages and /v1/chat/completions), in order. */
  scripted(): RecordedRequest[];
  /** Paths the server did not recognise (also printed with console.warn). */
  unknown: string[];
  close(): Promise<void>;
}

export const judgeReply = (obj: unknown): Reply => ({ text: JSON.stringify(obj) });

const MODEL = "claude-test-model";

export async function startModelServer(opts: { script?: Script; quiet?: boolean } = {}): Promise<ModelServer> {
  const script: Script = opts.script ?? (() => ({ text: "ok" }));
  const requests: RecordedRequest[] = [];
  const unknown: string[] = [];
  let scriptedCount = 0;
  let idSeq = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, anthropicError("api_error", String(err)));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    let body: any;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const rec: RecordedRequest = { method, path, headers: req.headers, rawBody, body, kind: "other" };
    requests.push(rec);

    if (method === "POST" && path === "/v1/messages/count_tokens") {
      rec.kind = "count_tokens";
      return sendJson(res, 200, { input_tokens: Math.ceil(rawBody.length / 4) });
    }
    if (method === "POST" && (path === "/v1/messages" || path === "/v1/chat/completions")) {
      const chat = path === "/v1/chat/completions";
      rec.kind = chat ? "chat" : "messages";
      rec.index = scriptedCount++;
      const reply = await script({ body, headers: req.headers, index: rec.index, path });
      if (reply.delayMs) await sleep(reply.delayMs, res);
      if (res.destroyed) return;
      if (reply.status !== undefined) {
        const b = reply.body;
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        return void res.end(typeof b === "string" ? b : JSON.stringify(b ?? anthropicError("api_error", "scripted")));
      }
      const id = `toolu_test_${String(++idSeq).padStart(4, "0")}`;
      if (chat && body?.stream === true) return sendChatStream(res, chatCompletion(reply, id));
      if (chat) return sendJson(res, 200, chatCompletion(reply, id));
      if (body?.stream === true) return sendStream(res, reply, id);
      return sendJson(res, 200, message(reply, id));
    }
    if (method === "GET" && path === "/_requests") {
      // For tests in another runtime (workerd) that cannot read `requests` directly: what the server was sent.
      requests.pop();
      return sendJson(res, 200, requests.filter((r) => r.index !== undefined).map((r) => ({ path: r.path, headers: r.headers, body: r.body })));
    }
    if (method === "HEAD" || (method === "GET" && (path === "/" || path === "/v1" || path === "/v1/"))) {
      return sendJson(res, 200, {});
    }
    unknown.push(`${method} ${path}`);
    if (!opts.quiet) console.warn(`[modelServer] unknown request: ${method} ${req.url}`);
    sendJson(res, 404, anthropicError("not_found_error", `no route ${method} ${path}`));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    scripted: () => requests.filter((r) => r.index !== undefined),
    unknown,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown; freeform?: boolean };

function blocks(reply: Reply, id: string): Block[] {
  const out: Block[] = [];
  if (reply.status !== undefined) return out;
  if (reply.text !== undefined) out.push({ type: "text", text: reply.text });
  if (reply.toolUse) out.push({ type: "tool_use", id: reply.toolUse.id ?? id, name: reply.toolUse.name, input: reply.toolUse.input, ...(reply.toolUse.freeform ? { freeform: true } : {}) });
  return out;
}

const stopReason = (bs: Block[]) => (bs.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
const usage = (output: number) => ({ input_tokens: 10, output_tokens: output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });

function message(reply: Reply, id: string) {
  const content = blocks(reply, id);
  return {
    id: `msg_${id}`,
    type: "message",
    role: "assistant",
    model: MODEL,
    content,
    stop_reason: stopReason(content),
    stop_sequence: null,
    usage: usage(5),
  };
}

function sendStream(res: ServerResponse, reply: Reply, id: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  const content = blocks(reply, id);
  send("message_start", { message: { ...message(reply, id), content: [], stop_reason: null, usage: usage(1) } });
  content.forEach((b, index) => {
    if (b.type === "text") {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      // Two deltas so consumers really have to concatenate.
      const mid = Math.ceil(b.text.length / 2);
      for (const part of [b.text.slice(0, mid), b.text.slice(mid)]) {
        if (part) send("content_block_delta", { index, delta: { type: "text_delta", text: part } });
      }
    } else {
      send("content_block_start", { index, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } });
      const json = JSON.stringify(b.input ?? {});
      const mid = Math.ceil(json.length / 2);
      for (const part of [json.slice(0, mid), json.slice(mid)]) {
        if (part) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: part } });
      }
    }
    send("content_block_stop", { index });
  });
  send("message_delta", { delta: { stop_reason: stopReason(content), stop_sequence: null }, usage: { output_tokens: 5 } });
  send("message_stop", {});
  res.end();
}

function chatCompletion(reply: Reply, id: string) {
  const content = blocks(reply, id);
  const text = content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
  const calls = content.flatMap((b): Record<string, unknown>[] =>
    b.type !== "tool_use"
      ? []
      : b.freeform
        ? [{ id: b.id, type: "custom", custom: { name: b.name, input: String(b.input) } }]
        : [{ id: b.id, type: "function", function: { name: b.name, arguments: JSON.stringify(b.input) } }],
  );
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: calls.length && !text ? null : text, ...(calls.length ? { tool_calls: calls } : {}) },
        finish_reason: calls.length ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/**
 * A chat completion as OpenAI streams it (what GitHub Copilot CLI's BYOK `completions` wire asks for): the message in
 * one delta (tool calls with their index), the finish reason, the usage, `[DONE]`.
 */
function sendChatStream(res: ServerResponse, done: ReturnType<typeof chatCompletion>): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const choice = done.choices[0]!;
  const { content, tool_calls } = choice.message as { content: string | null; tool_calls?: { id: string; type: string }[] };
  const chunk = (delta: unknown, finish: string | null) =>
    res.write(`data: ${JSON.stringify({ id: done.id, object: "chat.completion.chunk", created: done.created, model: done.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  chunk({ role: "assistant", ...(content ? { content } : {}), ...(tool_calls ? { tool_calls: tool_calls.map((c, index) => ({ index, ...c })) } : {}) }, null);
  chunk({}, choice.finish_reason);
  res.write(`data: ${JSON.stringify({ id: done.id, object: "chat.completion.chunk", created: done.created, model: done.model, choices: [], usage: done.usage })}\n\n`);
  res.end("data: [DONE]\n\n");
}

const anthropicError = (type: string, msg: string) => ({ type: "error", error: { type, message: msg } });

function sendJson(res: ServerResponse, status: number, obj: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(obj));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Sleeps, but returns early if the client goes away (so close() is not held up by delayed replies). */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    res.once("close", done);
    function done() {
      clearTimeout(t);
      resolve();
    }
  });
}
