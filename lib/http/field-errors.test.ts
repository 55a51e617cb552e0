import { describe, expect, it } from "vitest";
import { fieldErrorOf, placeFieldError } from "./field-errors";

describe("an answer's error on a form", () => {
  it("reads the field a 400 names apart from its message, as a sentence", () => {
    expect(fieldErrorOf('Invalid field "apiKey": a MAPI-Key is at least 16 characters')).toEqual({
      field: "apiKey",
      message: "A MAPI-Key is at least 16 characters.",
    });
    expect(fieldErrorOf("Project not found.")).toBeNull();
  });

  it("goes under the field it names, or under the form's own field, never with the API's name of a field", () => {
    const labels = { baseUrl: "Base URL", apiKey: "MAPI-Key" };
    expect(placeFieldError('Invalid field "apiKey": too short', labels, "baseUrl")).toEqual({ field: "apiKey", message: "Too short." });
    expect(placeFieldError("MIDAS is not allowed at this address.", labels, "baseUrl")).toEqual({
      field: "baseUrl",
      message: "MIDAS is not allowed at this address.",
    });
    const elsewhere = placeFieldError('Invalid field "data.Item3": a value is at most 2000 characters', labels, "apiKey");
    expect(elsewhere).toEqual({ field: "apiKey", message: "A value is at most 2000 characters." });
    expect(elsewhere.message).not.toContain("data.Item3");
  });
});
