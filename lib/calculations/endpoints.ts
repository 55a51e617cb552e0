import { z } from "zod";
import { endpoint } from "@/lib/http/contract";
import { calculationsRoutes } from "./api";
import { bendingSchema, lapSchema, shearSchema } from "./schemas";

/** The AS 3600 calculations as a JSON API: pure, no session needed. */
const tag = "Calculations";

// The results carry the figures, the checks and the working line by line; their shape is the tool's own.
const result = z.record(z.string(), z.unknown()).meta({ description: "Key figures, pass/fail checks and the working (symbol, value, clause) of the tool." });

export const calculationsEndpoints = {
  bending: endpoint({
    ...calculationsRoutes.bending,
    summary: "Bending strength of a reinforced concrete section (AS 3600:2018 Cl 8.1)",
    tag,
    auth: false,
    body: bendingSchema,
    status: 200,
    response: result,
    errors: [400, 403, 413, 415],
  }),
  shear: endpoint({
    ...calculationsRoutes.shear,
    summary: "Shear strength of a reinforced concrete beam (AS 3600:2018 Cl 8.2)",
    tag,
    auth: false,
    body: shearSchema,
    status: 200,
    response: result,
    errors: [400, 403, 413, 415],
  }),
  lapLength: endpoint({
    ...calculationsRoutes.lapLength,
    summary: "Development and lap lengths of deformed bars (AS 3600:2018 Cl 13.1, 13.2)",
    tag,
    auth: false,
    body: lapSchema,
    status: 200,
    response: result,
    errors: [400, 403, 413, 415],
  }),
};
