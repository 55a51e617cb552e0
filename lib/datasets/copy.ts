import { itemColumnsUpTo } from "./columns";

export const MAX_COPY_COLUMNS = 2000;

/**
 * 'Copy to N Number Cells' (SPEC section 4): Item1..ItemN of the edited row
 * all get the value; Item columns the dataset lacks are created on save.
 */
export function copyTargets(value: string, n: number): Map<string, string> {
  if (!Number.isInteger(n) || n < 1 || n > MAX_COPY_COLUMNS) throw new RangeError(`N must be a whole number from 1 to ${MAX_COPY_COLUMNS}`);
  return new Map(itemColumnsUpTo(n).map((column) => [column, value]));
}
