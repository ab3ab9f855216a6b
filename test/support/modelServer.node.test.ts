import { afterEach, describe, expect, it } from "vitest";
import { judgeReply, startModelServer, type ModelServer, type Script } from "./modelServer";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script?: Script) {
  server = await startModelServer({ script, quiet: true });
  return server;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** Minimal SSE parser: the events in order, with their JSON data. */
function parseSse(text: string): { event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const lines = chunk.split("\n");
      const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "";
      const data = JSON.parse(lines.find((l) => l.startsWith("data: "))?.slice(6) ?? "null");
      return { event, data };
    });
}

describe("modelServer", () => {
  it("binds 127.0.0.1 on a random port", async () => {
    const s = await start();
    expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
    expect(s.port).toBeGreaterThan(0);
  });

  it("answers non-streaming Messages requests and records them", async () => {
    const s = await start(() => judgeReply({ ok: false, reason: "nope" }));
    const res = await post(`${s.url}/v1/messages`, { model: "m", max_tokens: 10, messages: [] }, { "x-api-key": "k1" });
    expect(res.status).toBe(200);
    const msg: any = await res.json();
    expect(msg).toMatchObject({ type: "message", role: "assistant", stop_reason: "end_turn" });
    expect(JSON.parse(msg.content[0].text)).toEqual({ ok: false, reason: "nope" });
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]).toMatchObject({ method: "POST", path: "/v1/messages", kind: "messages", index: 0 });
    expect(s.requests[0]!.headers["x-api-key"]).toBe("k1");
    expect(s.requests[0]!.body).toMatchObject({ model: "m", max_tokens: 10 });
  });

  it("streams text as SSE", async () => {
    const s = await start(() => ({ text: "hello world" }));
    const res = await post(`${s.url}/v1/messages`, { stream: true, messages: [] });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    for (const e of events) expect(e.data.type).toBe(e.event);
    const text = events.filter((e) => e.event === "content_block_delta").map((e) => e.data.delta.text).join("");
    expect(text).toBe("hello world");
    expect(events.at(-2)!.data.delta.stop_reason).toBe("end_turn");
  });

  it("streams tool_use with input_json_delta", async () => {
    const s = await start(() => ({ text: "running it", toolUse: { name: "Bash", input: { command: "echo hi" } } }));
    const events = parseSse(await (await post(`${s.url}/v1/messages`, { stream: true, messages: [] })).text());
    const start1 = events.find((e) => e.event === "content_block_start" && e.data.index === 1)!;
    expect(start1.data.content_block).toMatchObject({ type: "tool_use", name: "Bash", input: {} });
    expect(start1.data.content_block.id).toMatch(/^toolu_/);
    const json = events
      .filter((e) => e.event === "content_block_delta" && e.data.index === 1)
      .map((e) => e.data.delta.partial_json)
      .join("");
    expect(JSON.parse(json)).toEqual({ command: "echo hi" });
    expect(events.find((e) => e.event === "message_delta")!.data.delta.stop_reason).toBe("tool_use");
  });

  it("returns tool_use non-streaming too, and passes index to the script", async () => {
    const s = await start(({ index }) => (index === 0 ? { toolUse: { name: "Read", input: { file_path: "/x" } } } : { text: "done" }));
    const first: any = await (await post(`${s.url}/v1/messages`, { messages: [] })).json();
    expect(first.stop_reason).toBe("tool_use");
    expect(first.content).toEqual([{ type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "Read", input: { file_path: "/x" } }]);
    const second: any = await (await post(`${s.url}/v1/messages`, { messages: [] })).json();
    expect(second.content[0].text).toBe("done");
  });

  it("speaks OpenAI chat completions (non-streaming)", async () => {
    const s = await start(({ path }) => judgeReply({ ok: true, path }));
    const res = await post(`${s.url}/v1/chat/completions`, { model: "m", messages: [{ role: "user", content: "x" }] }, { authorization: "Bearer k2" });
    const body: any = await res.json();
    expect(body.object).toBe("chat.completion");
    expect(body.choices[0].finish_reason).toBe("stop");
    expect(JSON.parse(body.choices[0].message.content)).toEqual({ ok: true, path: "/v1/chat/completions" });
    expect(s.requests[0]).toMatchObject({ kind: "chat", index: 0 });
    expect(s.requests[0]!.headers.authorization).toBe("Bearer k2");
  });

  it("sends raw status replies", async () => {
    const s = await start(() => ({ status: 529, body: { type: "error", error: { type: "overloaded_error", message: "busy" } } }));
    const res = await post(`${s.url}/v1/messages`, { messages: [] });
    expect(res.status).toBe(529);
    expect(await res.json()).toMatchObject({ error: { type: "overloaded_error" } });
    const s2 = await startModelServer({ script: () => ({ status: 200, body: "not json at all" }) });
    try {
      expect(await (await post(`${s2.url}/v1/chat/completions`, {})).text()).toBe("not json at all");
    } finally {
      await s2.close();
    }
  });

  it("delays replies, and close() does not wait for a pending one", async () => {
    const s = await start(() => ({ delayMs: 300, text: "late" }));
    const t0 = Date.now();
    const msg: any = await (await post(`${s.url}/v1/messages`, { messages: [] })).json();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    expect(msg.content[0].text).toBe("late");

    const s2 = await startModelServer({ script: () => ({ delayMs: 60_000, text: "never" }) });
    const pending = post(`${s2.url}/v1/messages`, { messages: [] }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const t1 = Date.now();
    await s2.close();
    expect(Date.now() - t1).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it("answers count_tokens and probes harmlessly, and logs unknown paths", async () => {
    const s = await start();
    const ct: any = await (await post(`${s.url}/v1/messages/count_tokens`, { messages: [{ role: "user", content: "abcd" }] })).json();
    expect(ct.input_tokens).toBeGreaterThan(0);
    expect((await fetch(s.url, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${s.url}/v1/whatever`)).status).toBe(404);
    expect(s.unknown).toEqual(["GET /v1/whatever"]);
    expect(s.scripted()).toHaveLength(0);
  });
});
