// Vitest global setup for the workerd suite: one real local model server (Messages API and OpenAI chat
// completions) that LLM-judge tests reach over real fetch, and one real local hook server (test/support/hookServer.ts)
// for `http` handlers. Its replies are scripted by markers in the prompt, so a
// test running inside workerd decides what "the model" says:
//   [[reply:{"ok":false,"reason":"…"}]]  answer that text     [[delay:3000]]  answer after 3 s
//   [[status:500]]                         answer HTTP 500       [[text:…]]      answer arbitrary text
import type { TestProject } from "vitest/node";
import { startHookServer } from "./hookServer";
import { startOtlpReceiver } from "./otlpReceiver";
import { startModelServer, type Reply } from "./modelServer";

declare module "vitest" {
  export interface ProvidedContext {
    modelUrl: string;
    hookUrl: string;
    otlpUrl: string;
  }
}

function promptText(body: any): string {
  const messages: { content: unknown }[] = body?.messages ?? [];
  return messages
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
    .join("\n");
}

export default async function setup(project: TestProject) {
  const server = await startModelServer({
    quiet: true,
    script: ({ body }) => {
      const text = promptText(body);
      const delay = /\[\[delay:(\d+)\]\]/.exec(text);
      const status = /\[\[status:(\d+)\]\]/.exec(text);
      const raw = /\[\[text:(.*?)\]\]/.exec(text);
      const reply = /\[\[reply:(\{.*?\})\]\]/.exec(text);
      const base: Reply = status
        ? { status: Number(status[1]) }
        : raw
          ? { text: raw[1]! }
          : { text: reply ? reply[1]! : JSON.stringify({ ok: true }) };
      return delay ? { ...base, delayMs: Number(delay[1]) } : base;
    },
  });
  project.provide("modelUrl", server.url);
  const hooks = await startHookServer();
  project.provide("hookUrl", hooks.url);
  const otlp = await startOtlpReceiver();
  project.provide("otlpUrl", otlp.url);
  return async () => {
    await otlp.close();
    await server.close();
    await hooks.close();
  };
}
