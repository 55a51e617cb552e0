import type { ParameterRow } from "@/lib/datasets/columns";
import { itemColumns, type MidasDatasetKey, midasDatasets, type ParameterSpec, parameterSpec } from "../tables";

/** One thing wrong in the Midas tables, addressed to its table, row and item. */
export type Problem = { dataset: MidasDatasetKey; parameter: string; item: string | null; message: string };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Names travel into MIDAS requests and "NAME(ST)" result addresses. */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.+\-/&#]*$/;

export function parseNumber(text: string): number | null {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t) : null;
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(10)));
}

function splitList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** Load Combinations' header rows; its other rows are one factor row per load case or combination. */
export const COMBINATION_HEADER_ROWS = new Set(midasDatasets.midasloadcomb.template.map((spec) => spec.parameter));

/**
 * Rows earlier templates had, with what to do with their values: a value is never read under a meaning its engineers
 * did not give it.
 */
const RETIRED: Partial<Record<MidasDatasetKey, Record<string, string>>> = {
  midaspt: {
    WobbleCoefficient:
      "the wobble is now WobbleBetaP, βp as AS 5100.5 gives it (rad per metre of duct), from which Pontifex works out MIDAS's k = μβp. If the row holds βp (0.008 for the demo's 110 mm ducts), rename it WobbleBetaP; if it holds MIDAS's k, enter k ÷ μ as WobbleBetaP.",
  },
};

/** Reads one table, recording what is wrong; every reader returns a usable value (NaN, "" or []) when the input is not. */
export class TableReader {
  readonly title: string;
  private readonly byParameter = new Map<string, ParameterRow>();

  constructor(
    readonly key: MidasDatasetKey,
    readonly rows: readonly ParameterRow[],
    private readonly problems: Problem[],
  ) {
    this.title = midasDatasets[key].title;
    for (const row of rows) {
      if (this.byParameter.has(row.parameter)) {
        this.problem(row.parameter, null, `${this.title} has two rows named "${row.parameter}"; only the first is read. Delete or rename the other.`);
        continue;
      }
      this.byParameter.set(row.parameter, row);
    }
    const template = midasDatasets[key].template;
    for (const row of rows) {
      if (parameterSpec(key, row.parameter) || (key === "midasloadcomb" && !COMBINATION_HEADER_ROWS.has(row.parameter))) continue;
      const retired = RETIRED[key]?.[row.parameter];
      if (retired) {
        this.problem(row.parameter, null, `${this.title} has a row "${row.parameter}", which the model build no longer reads: ${retired}`);
        continue;
      }
      const close = template.find((spec) => spec.parameter.toLowerCase() === row.parameter.toLowerCase());
      this.problem(
        row.parameter,
        null,
        close
          ? `${this.title} has a row "${row.parameter}"; the template spells it "${close.parameter}". Rename the row.`
          : `${this.title} has a row "${row.parameter}" that the model build does not read. Rename it to one of the template's Parameters or delete it.`,
      );
    }
  }

  problem(parameter: string, item: string | null, message: string): void {
    this.problems.push({ dataset: this.key, parameter, item, message });
  }

  has(parameter: string): boolean {
    return this.byParameter.has(parameter);
  }

  raw(parameter: string, item: string): string {
    return (this.byParameter.get(parameter)?.values[item] ?? "").trim();
  }

  /** Item columns that hold anything in a template row. */
  usedItems(): string[] {
    return itemColumns(this.rows).filter((item) => this.rows.some((row) => (row.values[item] ?? "").trim() !== ""));
  }

  missingRow(spec: ParameterSpec): boolean {
    if (this.has(spec.parameter)) return false;
    if (!spec.optional) this.problem(spec.parameter, null, `${this.title} has no row "${spec.parameter}" (${spec.description}) Add it from the template.`);
    return true;
  }

  /** The value of a row for an item, parsed by its spec; `label` names the item in messages. */
  value(parameter: string, item: string, label: string): unknown {
    const spec = parameterSpec(this.key, parameter);
    if (!spec) throw new Error(`no spec for ${this.key}.${parameter}`);
    const text = this.raw(parameter, item);
    const where = `${parameter} of ${label}`;
    const unit = spec.unit === "—" ? "" : ` ${spec.unit}`;
    const v = spec.value;
    if (text === "") {
      if (!spec.optional && this.has(parameter)) this.problem(parameter, item, `${where} is blank. ${spec.description}`);
      return undefined;
    }
    switch (v.kind) {
      case "number": {
        const n = parseNumber(text);
        if (n === null) {
          this.problem(parameter, item, `${where} is "${text}", which is not a number. Enter a value in${unit || " plain numbers"}, without the unit.`);
          return NaN;
        }
        const low = v.min ?? -Infinity;
        const high = v.max ?? Infinity;
        if ((v.minExclusive ? n <= low : n < low) || n > high) {
          const range = v.minExclusive && low === 0 ? `greater than 0 and at most ${fmt(high)}${unit}` : `between ${fmt(low)} and ${fmt(high)}${unit}`;
          this.problem(parameter, item, `${where} is ${fmt(n)}${unit}; it must be ${range}.`);
        }
        return n;
      }
      case "integer": {
        const n = parseNumber(text);
        if (n === null || !Number.isInteger(n) || n < v.min || n > v.max || (v.even && n % 2 !== 0)) {
          this.problem(parameter, item, `${where} is "${text}"; enter a whole${v.even ? ", even" : ""} number between ${v.min} and ${v.max}.`);
          return NaN;
        }
        return n;
      }
      case "text":
        if (text.length > v.maxLength) this.problem(parameter, item, `${where} is ${text.length} characters long; MIDAS takes at most ${v.maxLength}.`);
        return text;
      case "choice": {
        const match = v.options.find((o) => o.toLowerCase() === text.toLowerCase());
        if (!match) {
          const options = v.options.length > 12 ? `one of the MIDAS codes (${v.options.slice(0, 8).join(", ")}, ...)` : `one of ${v.options.join(", ")}`;
          this.problem(parameter, item, `${where} is "${text}"; use ${options}.`);
          return "";
        }
        return match;
      }
      case "ref":
      case "grade":
        return text;
      case "list": {
        const parts = splitList(text);
        if (v.of === "grade" || v.of === "pier") return parts;
        const numbers: number[] = [];
        for (const part of parts) {
          const n = parseNumber(part);
          if (n === null || (v.of === "span" && (!Number.isInteger(n) || n < 1))) {
            this.problem(
              parameter,
              item,
              `${where} contains "${part}", which is not ${v.of === "span" ? "a span number" : "a number"}. Separate values with commas.`,
            );
            return [];
          }
          numbers.push(n);
        }
        if ((v.min !== undefined && numbers.length < v.min) || (v.max !== undefined && numbers.length > v.max)) {
          this.problem(parameter, item, `${where} has ${numbers.length} values; it takes ${v.min ?? 0} to ${v.max} values.`);
        }
        return numbers;
      }
    }
  }

  num(parameter: string, item: string, label: string, blank = NaN): number {
    const v = this.value(parameter, item, label);
    return typeof v === "number" ? v : blank;
  }

  text(parameter: string, item: string, label: string): string {
    const v = this.value(parameter, item, label);
    return typeof v === "string" ? v : "";
  }

  list<T extends string | number>(parameter: string, item: string, label: string): T[] {
    const v = this.value(parameter, item, label);
    return Array.isArray(v) ? (v as T[]) : [];
  }
}

export type NamedItem = { item: string; name: string; label: string };

/** Items of a table with one named thing per Item column. */
export function namedItems(reader: TableReader): NamedItem[] {
  const info = midasDatasets[reader.key];
  const nameParameter = info.nameParameter!;
  if (reader.usedItems().length > 0 && !reader.has(nameParameter)) {
    reader.problem(nameParameter, null, `${reader.title} has no row "${nameParameter}", which names each item. Add it from the template.`);
    return [];
  }
  const out: NamedItem[] = [];
  const seen = new Map<string, string>();
  for (const item of reader.usedItems()) {
    const itemName = reader.raw(nameParameter, item);
    if (itemName === "") {
      reader.problem(nameParameter, item, `${item} has values but no ${nameParameter}; name it or clear the column.`);
      continue;
    }
    if (!SAFE_NAME.test(itemName)) {
      reader.problem(
        nameParameter,
        item,
        `${nameParameter} "${itemName}" contains characters MIDAS names cannot carry here; use letters, digits, spaces and _ . + - / & # only (no brackets or commas).`,
      );
    }
    const before = seen.get(itemName.toLowerCase());
    if (before) {
      reader.problem(nameParameter, item, `${nameParameter} "${itemName}" is used by ${before} and ${item}; names must be unique.`);
      continue;
    }
    seen.set(itemName.toLowerCase(), item);
    out.push({ item, name: itemName, label: `${item} ("${itemName}")` });
  }
  for (const spec of info.template) reader.missingRow(spec);
  return out;
}

/** A reference to a named item of another table, as that table spells it; "" (and a problem) when there is none of that name. */
export function checkRef(
  reader: TableReader,
  parameter: string,
  item: string,
  label: string,
  value: string,
  names: readonly string[],
  what: string,
  target: string,
): string {
  if (value === "") return "";
  const match = names.find((n) => n === value) ?? names.find((n) => n.toLowerCase() === value.toLowerCase());
  if (!match) {
    const known = names.length ? `it has ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", ..." : ""}` : "it is empty";
    reader.problem(parameter, item, `${parameter} of ${label} is "${value}", but ${target} has no ${what} of that name (${known}).`);
    return "";
  }
  return match;
}
