import { z } from "zod";
import { idSchema } from "@/lib/projects/schemas";
import { LOAD_KINDS } from "./combinations";
import { MAPI_KEY_MIN_LENGTH } from "./key";
import { midasDatasetKeys } from "./tables";

export const connectionBodySchema = z.object({
  baseUrl: z
    .string({ error: "expected the base URL as text" })
    .trim()
    .min(1, { error: "the base URL must not be empty" })
    .max(2000, { error: "the base URL is at most 2000 characters" })
    .meta({
      description:
        "https://moa-engineers.midasit.com:443/civil by default. Only its shape is checked when saved; it is called only when its host and port are allowed by MIDAS_ALLOWED_HOSTS (an entry without a port allows only 443 for https, 80 for http).",
    }),
  apiKey: z
    .string({ error: "expected the MAPI-Key as text" })
    .trim()
    .min(MAPI_KEY_MIN_LENGTH, {
      error: `the MAPI-Key is at least ${MAPI_KEY_MIN_LENGTH} characters (copy the whole key from Civil NX: Apps > API Settings)`,
    })
    .max(1000, { error: "the MAPI-Key is at most 1000 characters" })
    // It travels as a header: printable characters only, so nothing can be smuggled into the request.
    .regex(/^[\x21-\x7e]+$/, { error: "the MAPI-Key has only printable characters and no spaces (copy it again from Civil NX)" })
    .meta({ description: `At least ${MAPI_KEY_MIN_LENGTH} characters. Encrypted at rest; never returned (only its last 4 characters).` }),
});

export const connectionSchema = z
  .object({
    baseUrl: z.string(),
    keyLast4: z.string().meta({
      description: `The last 4 characters of the saved MAPI-Key: all that is ever shown of it. Empty for a key shorter than ${MAPI_KEY_MIN_LENGTH} characters (saved before keys had to be that long).`,
    }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "MidasConnection" });

export const connectionTestSchema = z.object({
  ok: z.literal(true),
  product: z.string().meta({ description: "The program the key drives, as MIDAS reports it." }),
  version: z.string(),
  user: z.string().nullable(),
  company: z.string().nullable().meta({ description: "The company of the key's user, as /config/ver reports it." }),
  isCivil: z.boolean().meta({ description: "false: the key drives another program (Gen NX); Create Midas needs Civil NX." }),
  checkedWith: z.enum(["/config/ver", "/mapikey/verify"]).meta({
    description:
      "What answered: /config/ver goes through Civil NX itself (as the official client checks); /mapikey/verify, used only where /config/ver is missing, is answered by the relay even while Civil NX waits on a dialog.",
  }),
});

export const problemSchema = z
  .object({
    dataset: z.enum(midasDatasetKeys),
    parameter: z.string(),
    item: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: "MidasProblem" });

const warningSchema = z.object({ table: z.string(), id: z.string(), message: z.string() });

const loadKindSchema = z.enum(LOAD_KINDS);
const kn = (description: string) => z.number().meta({ description });

/** lib/midas/summary.ts ModelSummary: what an engineer checks before applying. */
export const modelSummarySchema = z
  .object({
    cases: z
      .array(
        z.object({
          name: z.string(),
          type: z.string().meta({ description: "MIDAS's load type (STLD TYPE)." }),
          kind: loadKindSchema.meta({ description: "The kind the combinations are generated from (lib/midas/combinations.ts kindOf)." }),
          description: z.string(),
          vertical: kn("Total vertical load, kN, downward positive: what the vertical reactions sum to."),
          longitudinal: kn("Total load along the bridge, kN (+ with chainage)."),
          transverse: kn("Total load across the bridge, kN (+ to the left)."),
          how: z.array(z.string()).meta({ description: 'How the totals come about, e.g. "SDL: 40 kN/m × 522 m = 20,880 kN".' }),
          imposed: z
            .array(z.string())
            .meta({ description: "What the case imposes instead of loads (temperature, settlement, prestress): its reactions sum to zero." }),
          tables: z.array(z.string()).meta({ description: "The MIDAS tables that carry the case." }),
        }),
      )
      .meta({ description: "Every static load case, with the generated secondary effect of prestress." }),
    vehicles: z.array(
      z.object({
        name: z.string(),
        caseName: z.string(),
        description: z.string(),
        axles: z.array(z.object({ load: kn("kN"), spacing: z.number().nullable().meta({ description: "m to the next axle; null on the last." }) })),
        axleCount: z.number().int(),
        total: kn("Sum of the axle loads, kN."),
        variableGap: z
          .object({ afterAxle: z.number().int(), lengths: z.array(z.number()) })
          .nullable()
          .meta({ description: "The spacing after this axle (1-based) takes each length, m; the moving load case is their envelope." }),
        laneLoad: kn("Accompanying lane load, kN/m."),
        dynamicLoadAllowance: z.number().meta({ description: "%" }),
        lanes: z.array(z.object({ lane: z.number().int(), eccentricity: z.number().meta({ description: "m, + to the left" }), factor: z.number() })),
        laneWidth: z.number(),
      }),
    ),
    pileGroups: z.array(
      z.object({
        name: z.string(),
        piers: z.array(z.string()),
        pilesPerPier: z.number().int(),
        pileSection: z.string(),
        pileWidth: z.number(),
        pileLength: z.number(),
        layers: z.array(z.object({ top: z.number(), bottom: z.number(), kh: z.number().meta({ description: "kN/m³" }) })),
        nodes: z
          .array(z.object({ depth: z.number(), stiffness: z.number().meta({ description: "kN/m, lateral, each way" }) }))
          .meta({ description: "One pile's nodes below its head: depth below the cap's underside, m, and the soil spring (NSPR)." }),
        springsPerPile: z.number().int(),
        springNodes: z.number().int().meta({ description: "Nodes with springs in all the group's piles." }),
        toe: z.enum(["Fixed", "Pinned"]),
      }),
    ),
    supports: z.array(
      z.object({
        support: z.string(),
        kind: z.enum(["abutment", "pier"]),
        chainage: z.number(),
        type: z.string(),
        fixity: z.enum(["Fixed", "Free"]).meta({ description: "Along the bridge." }),
        transverse: z.enum(["held", "free"]),
        bearings: z.array(
          z.object({
            offset: z.number().meta({ description: "m across, + to the left" }),
            longitudinal: z.number().meta({ description: "kN/m" }),
            transverse: z.number().meta({ description: "kN/m" }),
            vertical: z.number().meta({ description: "kN/m" }),
          }),
        ),
        diaphragm: kn("The diaphragm's weight at the support, kN."),
      }),
    ),
    combinations: z.array(
      z.object({
        name: z.string(),
        limitState: z.string(),
        method: z.enum(["Add", "Envelope"]),
        description: z.string(),
        generated: z.boolean().meta({ description: "Made from the cases' kinds; false: the engineer's, from the Load Combinations table." }),
        factors: z.array(z.object({ name: z.string(), factor: z.number(), kind: z.union([loadKindSchema, z.enum(["moving", "combination"])]) })),
      }),
    ),
  })
  .meta({ id: "MidasModelSummary" });

/** lib/midas/summary.ts ModelSketch: the model in plan and elevation, as coordinates (m). */
export const modelSketchSchema = z
  .object({
    startChainage: z.number(),
    endChainage: z.number(),
    deckWidth: z.number(),
    spans: z.array(z.object({ index: z.number().int(), from: z.number(), to: z.number(), length: z.number() })),
    supports: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(["abutment", "pier"]),
        chainage: z.number(),
        deckZ: z.number(),
        soffitZ: z.number(),
        seatZ: z.number(),
        fixity: z.enum(["Fixed", "Free"]),
        bearingType: z.string(),
        bearings: z.array(z.object({ y: z.number(), fixity: z.enum(["fixed", "guided", "free"]) })),
        pier: z
          .object({
            headstock: z.object({ top: z.number(), bottom: z.number(), length: z.number(), width: z.number() }),
            columns: z.array(z.object({ y: z.number(), width: z.number() })),
            cap: z.object({ top: z.number(), bottom: z.number(), along: z.number(), across: z.number() }),
            piles: z.array(z.object({ x: z.number(), y: z.number(), toeZ: z.number(), springs: z.number().int() })),
            pileWidth: z.number(),
            toe: z.enum(["Fixed", "Pinned"]),
          })
          .nullable(),
      }),
    ),
    levels: z.object({ min: z.number(), max: z.number() }),
  })
  .meta({ id: "MidasModelSketch" });

/** GET .../midas/model: the tables' problems, or the summary and sketch of the model they build (nothing is read from MIDAS). */
export const modelCheckSchema = z.object({
  problems: z.array(problemSchema).meta({ description: "While there is one, summary and sketch are null." }),
  summary: modelSummarySchema.nullable(),
  sketch: modelSketchSchema.nullable(),
});

export const previewSchema = z.object({
  problems: z.array(problemSchema).meta({ description: "While there is one, nothing is read from or sent to MIDAS and changes is empty." }),
  changes: z.record(
    z.string(),
    z.object({
      create: z.number().int(),
      update: z.number().int(),
      delete: z.number().int(),
      unchanged: z.number().int(),
      ids: z.object({
        create: z.array(z.string()),
        update: z.array(z.object({ id: z.string(), fields: z.array(z.string()) })),
        delete: z.array(z.string()),
      }),
    }),
  ),
  warnings: z.array(warningSchema).meta({ description: "Deletes that cascade in MIDAS (a node takes its elements, links and support with it)." }),
  tendons: z
    .array(
      z.object({
        name: z.string(),
        length: z.number().meta({ description: "m along the girder" }),
        angle: z.number().meta({ description: "total angle change of the drape, rad" }),
        lowest: z.object({
          x: z.number().meta({ description: "m from the tendon's start" }),
          share: z.number().meta({ description: "the force there as a share of the jacking force (friction only)" }),
        }),
      }),
    )
    .meta({ description: "Each tendon group's friction loss, jacked from both ends: AS 5100.5's e^-μ(α + βp·x) (docs/midas.md, Friction)." }),
  baseUrl: z.string().nullable(),
  fingerprint: z.string().nullable(),
  summary: modelSummarySchema.nullable().meta({ description: "What an engineer checks before applying; null while the tables have problems." }),
  sketch: modelSketchSchema.nullable().meta({ description: "The model in plan and elevation, as coordinates; null while the tables have problems." }),
});

const differenceSchema = z.object({ id: z.string(), field: z.string(), sent: z.unknown(), read: z.unknown() });

export const tableOutcomeSchema = z.object({
  outcome: z.enum(["applied", "mismatch", "failed", "unchanged"]),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  differences: z.array(differenceSchema).optional(),
  differenceCount: z.number().int().optional(),
  error: z.string().optional(),
});

export const applySchema = z.object({
  runId: z.string(),
  outcome: z.enum(["applied", "mismatch", "failed"]),
  tables: z.record(z.string(), tableOutcomeSchema),
  warnings: z.array(warningSchema),
  error: z.string().optional(),
});

const progressSchema = z
  .object({
    step: z.number().int(),
    steps: z.number().int(),
    table: z.string(),
    action: z.enum(["read", "create", "update", "delete", "verify"]),
    at: z.string(),
  })
  .nullable()
  .meta({ description: "While the run goes on: its last step (reading, writing, verifying a MIDAS table)." });

export const runSummarySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["build", "analysis"]),
    user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
    startedAt: z.string().meta({ format: "date-time" }),
    finishedAt: z.string().meta({ format: "date-time" }).nullable(),
    outcome: z.string().nullable().meta({ description: "null while running; applied | mismatch | failed." }),
    error: z.string().nullable(),
    counts: z.record(z.string(), tableOutcomeSchema.pick({ outcome: true, created: true, updated: true, deleted: true })),
    progress: progressSchema,
  })
  .meta({ id: "MidasRunSummary" });

const rowValues = z.record(z.string(), z.unknown());

/** What a finished run recorded (lib/midas/runs.ts); a run that failed before planning has only baseUrl. */
export const runDiffSchema = z
  .object({
    baseUrl: z.string().nullable().optional().meta({ description: "The MIDAS API the run talked to." }),
    changes: z
      .record(
        z.string(),
        z.object({
          create: z.array(z.object({ id: z.string(), values: rowValues })),
          update: z.array(z.object({ id: z.string(), values: rowValues, fields: z.array(z.string()) })),
          delete: z.array(z.object({ id: z.string() })),
        }),
      )
      .optional()
      .meta({ description: "Per MIDAS table, every row sent: created, updated (with the fields that changed) and deleted." }),
    warnings: z.array(warningSchema).optional(),
    tables: z.record(z.string(), tableOutcomeSchema).optional().meta({ description: "Per MIDAS table, the outcome with the read-back differences." }),
  })
  .catchall(z.unknown());

export const runDetailSchema = runSummarySchema
  .extend({
    diff: runDiffSchema
      .nullable()
      .meta({ description: "baseUrl, the plan's changes (every row sent), warnings, and per table the outcome with the read-back differences." }),
    fingerprint: z.string().nullable(),
    tables: z.array(
      z.object({
        dataset: z.enum(midasDatasetKeys),
        title: z.string(),
        route: z.string(),
        builtFrom: z.number().int(),
        now: z.number().int(),
        changedSince: z.boolean(),
      }),
    ),
  })
  .meta({ id: "MidasRun" });

export const runParams = z.object({ id: idSchema, runId: z.string().max(64) });

// ---------------------------------------------------------------- analysis and results

export const resultKindSchema = z.enum(["reaction", "bearing", "girder", "pile"]);
export const resultParams = z.object({ id: idSchema, kind: resultKindSchema });

export const resultsQuery = z.object({
  cases: z
    .string()
    .max(4000, { error: "cases is at most 4000 characters" })
    .optional()
    .meta({ description: "Comma-separated cases and combinations (all when omitted); a max/min pair is chosen by its name." }),
  format: z
    .enum(["json", "csv", "xlsx"], { error: 'format is "json", "csv" or "xlsx", or left out' })
    .optional()
    .meta({ description: "csv or xlsx: the same table as a download (headings with units)." }),
});

export const girderCheckQuery = z.object({
  combination: z
    .string()
    .min(1, { error: "combination is the name of an ultimate combination" })
    .max(40, { error: "combination is at most 40 characters" })
    .optional()
    .meta({ description: "An ultimate combination of the model (the ultimate envelope ULS-ENV when omitted)." }),
  standard: z
    .enum(["AS5100.5:2017", "AS3600:2018"], { error: 'standard is "AS5100.5:2017" or "AS3600:2018", or left out' })
    .optional()
    .meta({ description: "The standard the strengths are worked out to (AS 5100.5:2017 when omitted)." }),
});

const checkPointSchema = z.object({
  point: z.string().meta({ description: 'A support or mid-span by name ("P3", "Span 3 mid"), else "Span 3, elem 12 J".' }),
  chainage: z.number().meta({ description: "m" }),
  element: z.number().int(),
  part: z.enum(["I", "J"]),
  span: z.number().int(),
  Mstar: z.number().meta({ description: "kNm, sagging positive: of the combination's max and min, the one that uses more of its strength" }),
  Vstar: z.number().meta({ description: "kN, the larger magnitude" }),
  face: z.enum(["top", "bottom"]).meta({ description: "The face in tension under M*." }),
  section: z.string().meta({ description: "The PSC section there." }),
  phiMuo: z.number().meta({ description: "kNm, for the sense of M*" }),
  phiVu: z.number().meta({ description: "kN" }),
  utilisationM: z.number().meta({ description: "|M*| / φMuo" }),
  utilisationV: z.number().meta({ description: "|V*| / φVu" }),
  links: z
    .object({ bending: z.string(), shear: z.string() })
    .meta({ description: "The calculators' pages opened on this point's section, tendons, bars and actions." }),
});

export const girderCheckSchema = z
  .object({
    combination: z.string(),
    standard: z.enum(["AS5100.5:2017", "AS3600:2018"]),
    points: z.array(checkPointSchema).meta({ description: "Every element end of the girder, in chainage order." }),
    governing: z.object({ M: checkPointSchema, V: checkPointSchema }).meta({ description: "The points of the highest bending and shear utilisation." }),
    combinations: z.array(z.string()).meta({ description: "The model's ultimate combinations." }),
    assumptions: z.array(z.string()),
  })
  .meta({ id: "GirderCheck" });

export const analysisSchema = z
  .object({
    runId: z.string(),
    outcome: z.enum(["done", "failed"]),
    error: z.string().optional(),
    kinds: z.array(resultKindSchema).meta({ description: "The result kinds read and stored." }),
  })
  .meta({ id: "MidasAnalysis" });

const cell = z.union([z.string(), z.number()]);

export const resultsSchema = z
  .object({
    kind: resultKindSchema,
    fetchedAt: z.string(),
    source: z.enum(["analysis", "refresh"]).meta({ description: "analysis: read by the analysis run; refresh: read again later from what MIDAS held." }),
    fetchedBy: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: "Whose MIDAS connection read them (null once that account is gone)." }),
    analysisId: z.string().nullable().meta({ description: "The analysis run they belong to; null when MIDAS held results of no run of Pontifex." }),
    stale: z.boolean().meta({ description: "The project's Midas tables have changed since the build these results belong to." }),
    units: z.object({ force: z.string(), length: z.string() }),
    columns: z.array(z.string()),
    rows: z.array(z.array(cell)),
    cases: z.array(z.string()).meta({ description: "Every case and combination the stored results hold." }),
    keyPoints: z.array(z.object({ label: z.string(), chainage: z.number(), elem: z.number(), part: z.enum(["I", "J"]) })),
  })
  .meta({ id: "MidasResults" });

/** Longest path Windows opens without the long-path prefix (MAX_PATH, 260 with its terminating NUL). */
export const MAX_MODEL_PATH = 259;
/** A Windows path: a drive (C:\\) or a share (\\\\server\\share\\), then folders and a file; none of <>:"/|?* or control characters after the drive. */
const WINDOWS_PATH = /^(?:[A-Za-z]:\\|\\\\[^\\/:*?"<>|\x00-\x1f]+\\[^\\/:*?"<>|\x00-\x1f]+\\)(?:[^\\/:*?"<>|\x00-\x1f]+\\)*[^\\/:*?"<>|\x00-\x1f]+$/;

/** PUT /api/projects/{id}/midas/settings: where the project's MIDAS model file is saved. */
export const midasSettingsSchema = z.object({
  modelPath: z
    .string()
    .trim()
    .max(MAX_MODEL_PATH, { error: `The model file path is longer than Windows allows (${MAX_MODEL_PATH} characters).` })
    .refine((path) => path === "" || WINDOWS_PATH.test(path), {
      error: "The model file path must be a full Windows path, such as C:\\Bridges\\Demo Viaduct.mcb or \\\\server\\share\\Bridge 7.mcb.",
    })
    // .mcb and .mcbz as the official client checks them (Model.save), .mcbx as Civil NX 2026 writes it (docs/midas.md).
    .refine((path) => path === "" || /\.mcb[xz]?$/i.test(path), { error: "The model file must be a MIDAS Civil model: its name ends in .mcbx, .mcb or .mcbz." })
    .nullable()
    .transform((path) => (path === "" ? null : path))
    .meta({
      description:
        "Where MIDAS Civil NX saves the project's model (a full Windows path ending in .mcbx, .mcb or .mcbz, on the engineer's workstation); null or empty: none. The first save of the model is /doc/SAVEAS to it, later ones /doc/SAVE.",
      example: "C:\\Bridges\\Demo Viaduct.mcb",
    }),
});
export const midasSettingsAnswer = z.object({
  modelPath: z.string().nullable().meta({ description: "Where the project's MIDAS model is saved (null: not set; Run analysis answers 409 until it is)." }),
});
