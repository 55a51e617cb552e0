import { z } from "zod";

export const datasetParams = z.object({ ds: z.string() });
