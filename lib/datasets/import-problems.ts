/**
 * What an import finds in a file, gathered so that the engineer hears of every problem at once rather than one per
 * attempt: the first LISTED of each kind, and how many there are.
 */
import { DomainError } from "@/lib/errors";
import { columnLetter, describePlace, type Place } from "./table-file";

/** How many of each kind of finding an answer lists (as a refused write lists its values: values.ts). */
export const LISTED = 100;

/** Findings of one kind: the first LISTED, and how many there are in all. */
export type Listed<T> = { total: number; listed: T[] };

export class Lister<T> {
  total = 0;
  readonly listed: T[] = [];

  add(item: T): void {
    this.total++;
    if (this.listed.length < LISTED) this.listed.push(item);
  }

  result(): Listed<T> {
    return { total: this.total, listed: this.listed };
  }
}

/** A problem that keeps a file from being imported: where it is (Excel's column letter) and the sentence naming it. */
export type FileProblem = { sheet: string; row?: number; column?: string; message: string };

/**
 * The problems of a file, gathered while it is read and compared with the table. Refused as one 400: `error` names
 * the first (or the only one, as a file with one problem always answered), `problems` lists the first 100 and `more`
 * counts the rest; `sheet`, `row` and `column` are the first one's.
 */
export class FileProblems {
  private readonly found = new Lister<FileProblem>();

  get count(): number {
    return this.found.total;
  }

  add(place: Place, problem: string): void {
    this.found.add({
      sheet: place.sheet,
      ...(place.row !== undefined ? { row: place.row } : {}),
      ...(place.column !== undefined ? { column: columnLetter(place.column) } : {}),
      message: `${describePlace(place)}: ${problem}`,
    });
  }

  /** A refusal made elsewhere (badFile), counted with the others. */
  addError(error: DomainError): void {
    const { sheet, row, column } = (error.extra ?? {}) as { sheet?: string; row?: number; column?: string };
    this.found.add({
      sheet: sheet ?? "",
      ...(row !== undefined ? { row } : {}),
      ...(column !== undefined ? { column } : {}),
      message: error.message,
    });
  }

  /** Runs a step whose refusal of the file (400) is one more problem; any other failure is thrown. */
  gather<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
      this.addError(error);
      return undefined;
    }
  }

  /** Refuses the file when anything was found. */
  throwAny(): void {
    const { total, listed } = this.found;
    if (total === 0) return;
    const [first] = listed;
    const message =
      total === 1
        ? first!.message
        : `The file has ${total.toLocaleString("en")} problems; nothing was imported. Fix them and import it again. The first: ${first!.message}`;
    throw new DomainError("invalid", message, {
      sheet: first!.sheet,
      ...(first!.row !== undefined ? { row: first!.row } : {}),
      ...(first!.column !== undefined ? { column: first!.column } : {}),
      problems: listed,
      ...(total > listed.length ? { more: total - listed.length } : {}),
    });
  }
}
