/** Every row the server writes as JSON text begins with its Id, so a table's ids are read without parsing its rows. */
const LEADING_ID = /^\{"Id":(-?\d+)[,}]/;

/** The Id of a row's JSON text. */
export function rowTextId(text: string): number {
  const leading = LEADING_ID.exec(text);
  return leading ? Number(leading[1]) : Number((JSON.parse(text) as { Id: unknown }).Id);
}
