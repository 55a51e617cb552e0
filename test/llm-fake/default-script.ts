import { type ChatRequestBody, type FakeReply, type FakeScript, isUserTurn, lastMessage, lastToolResult, lastUserText, toolResults } from "./server";

/**
 * The default script of the fake model (npm run llm:fake, and e2e): enough
 * behaviour to click through the assistant without a real model.
 * - "bending ... b 300 D 450 f'c 32 Ast 1800 at 390 (M* 200)" → concreteBending, then an answer quoting φMuo.
 * - "shear ..." → concreteShear; "lap ... N16 f'c 40" → lapLength.
 * - "set Item1 of <Parameter> [in <dataset>] to <value>" → proposeRowEdits, then "press Apply".
 * - "push <dataset> to revit", "create the midas model", "run the analysis" → the confirmation tools.
 * - "list the tables", "show <dataset> rows" → listDatasets, readRows.
 * - "long answer" → a long answer streamed slowly (to press Stop).
 */

const number = (text: string, pattern: RegExp): number | undefined => {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : undefined;
};

/** Bending inputs from plain words; the defaults are the calculator's. */
export function bendingArgs(text: string) {
  const layer = /(\d+(?:\.\d+)?)\s*mm(?:²|2)?\s*(?:at|@)\s*(\d+(?:\.\d+)?)/i.exec(text);
  const Mstar = number(text, /M\*?\s*(?:=|of)?\s*(\d+(?:\.\d+)?)\s*kNm/i);
  return {
    shape: "rectangle",
    b: number(text, /\bb\s*=?\s*(\d+(?:\.\d+)?)/) ?? 300,
    D: number(text, /\bD\s*=?\s*(\d+(?:\.\d+)?)/) ?? 450,
    fc: number(text, /f'?c\s*=?\s*(\d+(?:\.\d+)?)/i) ?? 32,
    steel: [
      {
        area: layer ? Number(layer[1]) : (number(text, /Ast\s*=?\s*(\d+(?:\.\d+)?)/i) ?? 1800),
        depth: layer ? Number(layer[2]) : (number(text, /\bd\s*=?\s*(\d+(?:\.\d+)?)/) ?? 390),
      },
    ],
    ...(Mstar !== undefined ? { Mstar } : {}),
  };
}

type Card = { results?: { symbol: string; value: string; unit?: string }[]; checks?: { name: string; clause: string; pass: boolean }[] };

/** The result of a calculation tool as the model receives it (JSON of the card). */
export function parseCard(content: string): Card {
  try {
    return JSON.parse(content) as Card;
  } catch {
    return {};
  }
}

export function resultValue(card: Card, symbol: string): string | undefined {
  const found = card.results?.find((r) => r.symbol === symbol);
  return found ? `${found.value}${found.unit ? ` ${found.unit}` : ""}` : undefined;
}

function checksTable(card: Card): string {
  if (!card.checks?.length) return "";
  const rows = card.checks.map((c) => `| ${c.name} | ${c.clause} | ${c.pass ? "OK" : "Fails"} |`).join("\n");
  return `\n\n| Check | Clause | Result |\n| --- | --- | --- |\n${rows}`;
}

function calculationAnswer(content: string, symbol: string, what: string): FakeReply {
  const card = parseCard(content);
  const value = resultValue(card, symbol);
  if (!value) return { text: `The calculation failed: ${content.slice(0, 300)}` };
  return {
    text: `The ${what} is **${symbol} = ${value}**, from Pontifex's own calculation.${checksTable(card)}\n\nOpen the card's link to see the working in the calculator.`,
  };
}

const LONG_ANSWER = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i + 1}: a long answer streams slowly so that the Stop button can be tried; the engineer can stop it at any time.`,
).join("\n\n");

const afterTool = (tool: string) => (request: ChatRequestBody) => lastToolResult(request, tool) !== undefined;
const userSays = (pattern: RegExp) => (request: ChatRequestBody) => isUserTurn(request) && pattern.test(lastUserText(request));

export function defaultScript(options: { delayMs?: number; apiKey?: string } = {}): FakeScript {
  return {
    delayMs: options.delayMs,
    apiKey: options.apiKey,
    turns: [
      { name: "long", when: userSays(/\blong answer\b/i), reply: { text: LONG_ANSWER, chunkSize: 8, delayMs: 40 } },
      // The chat's report after a click on a card: "I pressed Apply on ... Result: ...".
      {
        name: "report",
        when: userSays(/^I pressed (Apply|Confirm)\b/),
        reply: (r) => ({ text: `Noted: ${lastUserText(r).replace(/^I pressed [^.]*\.\s*/, "")}` }),
      },
      {
        name: "bending",
        when: userSays(/bending|moment capacity|φ?Muo/i),
        reply: (r) => ({ toolCalls: [{ name: "concreteBending", args: bendingArgs(lastUserText(r)) }] }),
      },
      {
        name: "shear",
        when: userSays(/shear/i),
        reply: (r) => {
          const t = lastUserText(r);
          const args = {
            bv: number(t, /bv\s*=?\s*(\d+)/i) ?? 300,
            D: number(t, /\bD\s*=?\s*(\d+)/) ?? 450,
            d: number(t, /\bd\s*=?\s*(\d+)/) ?? 390,
            fc: number(t, /f'?c\s*=?\s*(\d+)/i) ?? 32,
            Ast: number(t, /Ast\s*=?\s*(\d+)/i) ?? 1800,
            Vstar: number(t, /V\*?\s*=?\s*(\d+)\s*kN\b/i) ?? 150,
            Asv: number(t, /Asv\s*=?\s*(\d+)/i) ?? 157,
          };
          return { toolCalls: [{ name: "concreteShear", args }] };
        },
      },
      {
        name: "lap",
        when: userSays(/\blap\b|development length/i),
        reply: (r) => {
          const t = lastUserText(r);
          return {
            toolCalls: [
              {
                name: "lapLength",
                args: {
                  db: number(t, /N(\d+)/) ?? number(t, /db\s*=?\s*(\d+)/i) ?? 16,
                  fc: number(t, /f'?c\s*=?\s*(\d+)/i) ?? 40,
                  cd: number(t, /cd\s*=?\s*(\d+)/i) ?? 50,
                },
              },
            ],
          };
        },
      },
      {
        name: "propose",
        when: userSays(/\bset\s+\w+\s+of\s+.+\s+to\s+\S+/i),
        reply: (r) => {
          const m = /\bset\s+(\w+)\s+of\s+(.+?)(?:\s+in\s+(\w+))?\s+to\s+(\S+?)\.?$/i.exec(lastUserText(r).trim());
          if (!m) return { text: "Which row, column and value?" };
          return { toolCalls: [{ name: "proposeRowEdits", args: { dataset: m[3] ?? "pier", changes: [{ parameter: m[2], column: m[1], value: m[4] }] } }] };
        },
      },
      {
        name: "push",
        when: userSays(/\bpush\b/i),
        reply: (r) => ({
          toolCalls: [{ name: "pushToRevit", args: { dataset: /\b(pier|abt|box|coresetup)\b/i.exec(lastUserText(r))?.[1]?.toLowerCase() ?? "pier" } }],
        }),
      },
      { name: "create model", when: userSays(/create .*model|build .*model/i), reply: { toolCalls: [{ name: "createMidasModel", args: {} }] } },
      { name: "run analysis", when: userSays(/run .*analysis/i), reply: { toolCalls: [{ name: "runMidasAnalysis", args: {} }] } },
      { name: "results", when: userSays(/reaction/i), reply: { toolCalls: [{ name: "midasResults", args: { kind: "reaction" } }] } },
      { name: "list", when: userSays(/\b(list|which)\b.*\b(tables|datasets)\b/i), reply: { toolCalls: [{ name: "listDatasets", args: {} }] } },
      {
        name: "read",
        when: userSays(/\b(show|read)\b.*\brows?\b/i),
        reply: (r) => ({
          toolCalls: [{ name: "readRows", args: { dataset: /\b(pier|abt|box|coresetup)\b/i.exec(lastUserText(r))?.[1]?.toLowerCase() ?? "pier", limit: 10 } }],
        }),
      },
      {
        name: "bending answer",
        when: afterTool("concreteBending"),
        reply: (r) => calculationAnswer(lastToolResult(r)!.content, "φMuo", "design bending strength"),
      },
      { name: "shear answer", when: afterTool("concreteShear"), reply: (r) => calculationAnswer(lastToolResult(r)!.content, "φVu", "design shear strength") },
      { name: "lap answer", when: afterTool("lapLength"), reply: (r) => calculationAnswer(lastToolResult(r)!.content, "Lsy.t.lap", "tension lap length") },
      {
        name: "proposal answer",
        when: (r) => ["proposeRowEdits", "pushToRevit", "createMidasModel", "runMidasAnalysis"].some((t) => afterTool(t)(r)),
        reply: (r) => {
          const result = lastToolResult(r)!;
          const acted = result.content.split("The engineer acted on this proposal:")[1];
          if (acted) return { text: `Noted: ${acted.trim()}` };
          if (!result.content.startsWith("<data")) return { text: `That could not be prepared: ${result.content.slice(0, 300)}` };
          return { text: "I have prepared this for you: review the card and press the button on it if it is right. Nothing has changed yet." };
        },
      },
      {
        name: "data answer",
        when: (r) => lastMessage(r)?.role === "tool",
        reply: (r) => {
          const n = toolResults(r).length;
          return { text: `Here is what I found (${n} tool result${n === 1 ? "" : "s"}); the card shows the details.` };
        },
      },
    ],
    fallback: () => ({
      text: "I am the fake model of the Pontifex tests. Ask for a bending, shear or lap calculation, “set Item1 of <parameter> to <value>”, “push pier to Revit”, or a “long answer”.",
    }),
  };
}
