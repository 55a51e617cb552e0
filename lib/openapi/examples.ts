import { bendingStrength } from "@/lib/calculations/bending";
import { lapLengths } from "@/lib/calculations/lap-length";
import { bendingSchema, lapSchema, shearSchema } from "@/lib/calculations/schemas";
import { shearStrength } from "@/lib/calculations/shear";

/**
 * An example call of every operation, keyed by operationId: the request's path
 * and query values and body, and the success answer. The document puts them
 * on its parameters, bodies and answers (/docs/api shows them); a test parses
 * each with the endpoint's own schemas, so none can drift from what the
 * server takes and answers.
 */
export type OperationExample = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  /** The JSON body; for an upload, the form's fields. */
  body?: unknown;
  /** The success answer: JSON, or the text of a file or event stream. */
  answer: unknown;
  /** The content type of `answer` when it is not the endpoint's JSON. */
  answerType?: string;
  /** A download's name (its Content-Disposition). */
  fileName?: string;
};

const at = "2026-03-04T16:40:12.000Z";
const created = "2026-03-02T09:14:05.000Z";
const user = { id: 7, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" };
const project = { id: 1, name: "Bridge 7", role: "owner", createdAt: created, updatedAt: at };
const table = { id: 1, ds: "pier" };
const row = { Id: 12, Parameter: "PierHeight", CreatedAt: created, UpdatedAt: at, Version: 5, Item1: "8.500", Item2: "9.200" };
const row13 = { Id: 13, Parameter: "PierWidth", CreatedAt: created, UpdatedAt: at, Version: 3, Item1: "1.800", Item2: "1.800" };
const ok = { ok: true };

/** A two-span bridge's model summary and sketch (GET .../midas/model, and in the preview). */
const modelCheckExample = {
  summary: {
    cases: [
      {
        name: "DL",
        type: "D",
        kind: "permanent",
        description: "Self weight",
        vertical: 11212.5,
        longitudinal: 0,
        transverse: 0,
        how: ["DL: self weight of the members 9,562.5 kN + diaphragms 435 kN + pile caps 1,215 kN = 11,212.5 kN"],
        imposed: [],
        tables: ["STLD", "BODF", "CNLD"],
      },
      {
        name: "SDL",
        type: "DW",
        kind: "superimposed",
        description: "Barriers and surfacing",
        vertical: 3600,
        longitudinal: 0,
        transverse: 0,
        how: ["SDL: 40 kN/m × 90 m = 3,600 kN"],
        imposed: [],
        tables: ["STLD", "BMLD"],
      },
    ],
    vehicles: [
      {
        name: "M1600",
        caseName: "M1600",
        description: "AS 5100.2 M1600 moving traffic load",
        axles: [120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120].map((load, a) => ({
          load,
          spacing: a === 11 ? null : ([1.25, 1.25, 3.75, 1.25, 1.25, 6.25, 1.25, 1.25, 5, 1.25, 1.25][a] ?? null),
        })),
        axleCount: 12,
        total: 1440,
        variableGap: { afterAxle: 6, lengths: [6.25, 10, 20] },
        laneLoad: 6,
        dynamicLoadAllowance: 30,
        lanes: [
          { lane: 1, eccentricity: 3.2, factor: 1 },
          { lane: 2, eccentricity: 0, factor: 0.8 },
        ],
        laneWidth: 3.2,
      },
    ],
    pileGroups: [
      {
        name: "PG4-18",
        piers: ["P1"],
        pilesPerPier: 4,
        pileSection: "PILE-1050",
        pileWidth: 1.05,
        pileLength: 18.75,
        layers: [
          { top: 0, bottom: 3, kh: 1900 },
          { top: 3, bottom: 18, kh: 27200 },
        ],
        nodes: [
          { depth: 3.938, stiffness: 133875 },
          { depth: 8.625, stiffness: 133875 },
        ],
        springsPerPile: 2,
        springNodes: 8,
        toe: "Pinned",
      },
    ],
    supports: [
      {
        support: "P1",
        kind: "pier",
        chainage: 1045,
        type: "Pot Fixed",
        fixity: "Fixed",
        transverse: "held",
        bearings: [
          { offset: -2.4, longitudinal: 500000, transverse: 500000, vertical: 10000000 },
          { offset: 2.4, longitudinal: 500000, transverse: 500000, vertical: 10000000 },
        ],
        diaphragm: 302.1,
      },
    ],
    combinations: [
      {
        name: "ULS-M1600-MIN",
        limitState: "Ultimate",
        method: "Add",
        description: "Permanent loads at their minimum factors, M1600",
        generated: true,
        factors: [
          { name: "DL", factor: 0.85, kind: "permanent" },
          { name: "SDL", factor: 0.7, kind: "superimposed" },
          { name: "M1600", factor: 1.8, kind: "moving" },
        ],
      },
    ],
  },
  sketch: {
    startChainage: 1000,
    endChainage: 1090,
    deckWidth: 12.8,
    spans: [
      { index: 1, from: 1000, to: 1045, length: 45 },
      { index: 2, from: 1045, to: 1090, length: 45 },
    ],
    supports: [
      {
        name: "P1",
        kind: "pier",
        chainage: 1045,
        deckZ: 28.6,
        soffitZ: 26,
        seatZ: 25.75,
        fixity: "Fixed",
        bearingType: "Pot Fixed",
        bearings: [
          { y: -2.4, fixity: "fixed" },
          { y: 2.4, fixity: "fixed" },
        ],
        pier: {
          headstock: { top: 25.75, bottom: 24.15, length: 12.4, width: 2 },
          columns: [
            { y: -3.25, width: 1.2 },
            { y: 3.25, width: 1.2 },
          ],
          cap: { top: 13.5, bottom: 12, along: 3.6, across: 9 },
          piles: [
            { x: 1043.725, y: -3.15, toeZ: -6, springs: 4 },
            { x: 1046.275, y: 3.15, toeZ: -6, springs: 4 },
          ],
          pileWidth: 1.05,
          toe: "Pinned",
        },
      },
    ],
    levels: { min: -6, max: 29.1 },
  },
};
const importId = "9b2f4c1e-6a7d-4e8b-b1c3-2d5e7f9a0b14";
const invitationId = "3c8e1f2a-5b6d-4a7e-9f01-8c2d3e4f5a6b";
const runId = "6f1c2a8e-3b7d-4c1e-9a52-0d4b8f7e1a23";
const conversationId = "k3Jx9QmPz2LwVt7a";
const sentInvitation = { id: invitationId, email: "grace@example.com", role: "editor", createdAt: at, expiresAt: "2026-03-18T16:40:12.000Z" };
const pushOutcome = { pushId: "1d7e3a5c-9b2f-4e6a-8c0d-5f4b3a2e1c97", projectId: 1, dataset: "pier", rows: 14, status: "delivered", deliveredTo: 1 };
const pushSummary = {
  ...pushOutcome,
  projectName: "Bridge 7",
  mode: "all",
  parameter: null,
  status: "applied",
  createdAt: at,
  deliveredAt: at,
  receivedAt: "2026-03-04T16:40:13.000Z",
  ackedAt: "2026-03-04T16:40:15.000Z",
  errors: [],
};
const runSummary = {
  id: runId,
  kind: "build",
  user: { id: 7, email: "ada@example.com", name: "Ada Lovelace" },
  startedAt: at,
  finishedAt: "2026-03-04T16:41:02.000Z",
  outcome: "applied",
  error: null,
  counts: { midassetup: { outcome: "applied", created: 12, updated: 0, deleted: 0 }, midaspiles: { outcome: "applied", created: 8, updated: 2, deleted: 0 } },
  progress: null,
};
const results = {
  kind: "reaction",
  fetchedAt: at,
  source: "analysis",
  fetchedBy: { id: 7, name: "Ada Lovelace" },
  analysisId: runId,
  stale: false,
  units: { force: "kN", length: "m" },
  columns: ["Node", "Load", "FX", "FY", "FZ", "MX", "MY", "MZ"],
  rows: [
    [101, "DL", 0, 0, 2450.3, 0, 12.8, 0],
    [102, "DL", 0, 0, 2461.7, 0, -11.9, 0],
  ],
  cases: ["DL", "SIDL", "LL(max)", "LL(min)", "ULS1"],
  keyPoints: [{ label: "Pier 1", chainage: 40, elem: 20, part: "J" }],
};

const bendingBody = { shape: "rectangle", b: 300, D: 450, fc: 32, steel: [{ area: 1800, depth: 390 }], Mstar: 250 };
const shearBody = { bv: 300, D: 600, d: 540, fc: 40, Ast: 1800, Vstar: 250, Mstar: 200, Asv: 157, s: 200 };
const lapBody = { db: 20, fc: 40, cover: 40, clearSpacing: 100 };

/** The calculations' answers are the tools' own output, as JSON sends it: never written by hand. */
const calculated = (answer: object): unknown => JSON.parse(JSON.stringify(answer));

/** The demo's governing point of the girder design check: it governs both bending and shear in this example. */
const girderPoint = {
  point: "Span 9 mid",
  chainage: 1406,
  element: 83,
  part: "J",
  span: 9,
  Mstar: 64495.1,
  Vstar: 2156.6,
  face: "bottom",
  section: "BOX-2000",
  phiMuo: 65868.3,
  phiVu: 12889.7,
  utilisationM: 0.9792,
  utilisationV: 0.1673,
  links: { bending: "/calculations?shape=I&D=2000&Mstar=64495.1", shear: "/calculations/concreteshear?bv=790&Vstar=2156.6" },
};

export const examples: Record<string, OperationExample> = {
  // Accounts
  authRegister: {
    body: { email: "ada@example.com", password: "a long passphrase of yours", firstName: "Ada", lastName: "Lovelace" },
    answer: { message: "If this address is new, its account is ready: sign in." },
  },
  authLogin: { body: { email: "ada@example.com", password: "a long passphrase of yours" }, answer: { user } },
  authLogout: { answer: ok },
  authMe: { answer: { user } },

  // Projects
  projectsList: { answer: { projects: [project, { ...project, id: 2, name: "Bridge 9", role: "viewer" }] } },
  projectsCreate: {
    body: { name: "Bridge 7 (stage 2)", copyFrom: 1 },
    answer: { project: { ...project, id: 3, name: "Bridge 7 (stage 2)", updatedAt: created } },
  },
  projectsCurrent: { answer: { project } },
  projectsSetCurrent: { body: { projectId: 1 }, answer: { project } },
  projectsGet: { params: { id: 1 }, answer: { project } },
  projectsRename: { params: { id: 1 }, body: { name: "Bridge 7 North" }, answer: { project: { ...project, name: "Bridge 7 North" } } },
  projectsRemove: { params: { id: 1 }, answer: ok },
  projectsMembers: {
    params: { id: 1 },
    answer: {
      members: [
        { userId: 7, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "owner" },
        { userId: 8, email: "grace@example.com", firstName: "Grace", lastName: "Hopper", role: "editor" },
      ],
    },
  },
  projectsInvite: { params: { id: 1 }, body: { email: "grace@example.com", role: "editor" }, answer: { invitation: sentInvitation } },
  projectsProjectInvitations: { params: { id: 1 }, answer: { invitations: [sentInvitation] } },
  projectsWithdrawInvitation: { params: { id: 1, invitationId }, answer: ok },
  projectsMyInvitations: {
    answer: {
      invitations: [
        {
          id: invitationId,
          project: { id: 1, name: "Bridge 7" },
          role: "editor",
          invitedBy: { name: "Ada Lovelace", email: "ada@example.com" },
          createdAt: at,
          expiresAt: "2026-03-18T16:40:12.000Z",
        },
      ],
    },
  },
  projectsAcceptInvitation: { params: { invitationId }, answer: { project: { ...project, role: "editor" } } },
  projectsDeclineInvitation: { params: { invitationId }, answer: ok },
  projectsChangeMember: {
    params: { id: 1, userId: 8 },
    body: { role: "viewer" },
    answer: { member: { userId: 8, email: "grace@example.com", firstName: "Grace", lastName: "Hopper", role: "viewer" } },
  },
  projectsRemoveMember: { params: { id: 1, userId: 8 }, answer: ok },

  // Tables
  datasetsRows: {
    params: table,
    answer: {
      data: [
        { ...row, kind: "length", unit: "m", kindFrom: "template" },
        { ...row13, kind: "length", unit: "m", kindFrom: "set" },
      ],
      columns: ["Item1", "Item2"],
    },
  },
  datasetsCreate: {
    params: table,
    body: { data: { Parameter: "PierCapDepth", Item1: "1.200", Item2: "1.200" } },
    answer: { data: { Id: 14, Parameter: "PierCapDepth", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "1.200", Item2: "1.200" } },
  },
  datasetsSaveRows: {
    params: table,
    body: {
      rows: [
        { id: 12, data: { Version: 5, Item2: "9.300" } },
        { id: 13, data: { Version: 3, Item1: "1.850", Item2: "1.850" } },
      ],
    },
    answer: {
      data: [
        { ...row, Version: 6, Item2: "9.300" },
        { ...row13, Version: 4, Item1: "1.850", Item2: "1.850" },
      ],
    },
  },
  datasetsWriteRows: {
    params: { id: 1 },
    body: {
      tables: [
        {
          dataset: "midassetup",
          create: [{ data: { Parameter: "SpanCount", Item1: "2" } }],
          edit: [{ id: 21, data: { Version: 3, Item1: "36.000", Item2: "45.000" } }],
          delete: [{ id: 22, version: 1 }],
        },
        { dataset: "midasgeneralsections", create: [{ data: { Parameter: "Shape", Item4: "Circle" } }] },
      ],
    },
    answer: {
      batchId: "0c6b2d7e-4f1a-4b8e-9d3c-7a5e1f2b8c40",
      tables: [
        {
          dataset: "midassetup",
          created: [{ Id: 23, Parameter: "SpanCount", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "2" }],
          edited: [{ Id: 21, Parameter: "SpanLength", CreatedAt: created, UpdatedAt: at, Version: 4, Item1: "36.000", Item2: "45.000" }],
          deleted: [22],
        },
        {
          dataset: "midasgeneralsections",
          created: [{ Id: 24, Parameter: "Shape", CreatedAt: at, UpdatedAt: at, Version: 1, Item4: "Circle" }],
          edited: [],
          deleted: [],
        },
      ],
    },
  },
  datasetsEdit: {
    params: { ...table, rowId: 12 },
    body: { data: { Version: 5, Item2: "9.300" } },
    answer: { data: { ...row, Version: 6, Item2: "9.300" } },
  },
  datasetsRemove: { params: { ...table, rowId: 12 }, query: { version: 5 }, answer: { ok: true, id: 12 } },
  datasetsHistory: {
    params: { ...table, rowId: 12 },
    answer: {
      versions: [
        {
          version: 5,
          action: "edit",
          userId: 7,
          user: "Ada Lovelace",
          at,
          parameter: "PierHeight",
          changes: [{ column: "Item2", before: "9100", after: "9200" }],
          batchId: null,
          renamed: null,
        },
        {
          version: 1,
          action: "create",
          userId: 7,
          user: "Ada Lovelace",
          at: created,
          parameter: "PierHeight",
          changes: [
            { column: "Parameter", before: "", after: "PierHeight" },
            { column: "Item1", before: "", after: "8500" },
          ],
          batchId: null,
          renamed: null,
        },
      ],
    },
  },
  datasetsSetKind: {
    params: { ...table, rowId: 12 },
    body: { kind: "text", numbers: "keep", version: 5 },
    answer: { data: { ...row, Version: 6, kind: "text", unit: "—", kindFrom: "set" } },
  },
  datasetsRestore: {
    params: { ...table, rowId: 12 },
    body: { version: 4, currentVersion: 5 },
    answer: { data: { ...row, Version: 6, Item2: "9100" } },
  },
  datasetsUndelete: { params: { ...table, rowId: 12 }, answer: { data: { ...row, Version: 7 } } },
  datasetsEvents: {
    params: table,
    query: { client: "5d1f0c9a-2b7e-4f3a-8c6d-1e9b7a4c2f08" },
    answer:
      'event: presence\ndata: {"type":"presence","viewers":[{"client":"8a3e6b2c-4d1f-4e9a-b7c5-0f2d9e8a1b36","userId":8,"name":"Grace Hopper","editing":12}]}\n\n' +
      'event: rows\ndata: {"type":"rows","userId":8,"name":"Grace Hopper","ids":[12]}\n\n',
  },
  datasetsPresence: { params: table, body: { client: "5d1f0c9a-2b7e-4f3a-8c6d-1e9b7a4c2f08", editing: 12 }, answer: ok },
  datasetsActivity: {
    params: table,
    query: { user: 7 },
    answer: {
      events: [
        {
          id: 312,
          rowId: 13,
          version: 3,
          action: "edit",
          userId: 7,
          user: "Ada Lovelace",
          at,
          parameter: "SkewAngleAtBearing",
          changes: [{ column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" }],
          batchId: null,
          renamed: { from: "SkewAngle", to: "SkewAngleAtBearing" },
        },
        {
          id: 311,
          rowId: 12,
          version: 5,
          action: "edit",
          userId: 7,
          user: "Ada Lovelace",
          at,
          parameter: "PierHeight",
          changes: [{ column: "Item2", before: "9100", after: "9200" }],
          batchId: null,
          renamed: null,
        },
      ],
    },
  },
  datasetsExportTable: {
    params: table,
    query: { format: "csv" },
    answerType: "text/csv",
    fileName: "Bridge 7 - Revit_Pier Data - 2026-03-04.csv",
    answer: "\ufeffId,Parameter,Item1,Item2,Version\r\n12,PierHeight,8500,9200,5\r\n13,PierWidth,1800,1800,3\r\n",
  },
  datasetsImportPreview: {
    params: table,
    body: { file: "Bridge 7 - Revit_Pier Data - 2026-03-04.xlsx (the workbook's bytes)" },
    answer: {
      importId,
      fileName: "Bridge 7 - Revit_Pier Data - 2026-03-04.xlsx",
      sheet: "Revit_Pier Data",
      basedOn: { exportedAt: at, rows: 2 },
      numbers: { decimal: "point", read: 0, example: null },
      structure: {
        total: 1,
        listed: [
          {
            kind: "title",
            sheet: "Revit_Pier Data",
            row: 1,
            column: "A",
            what: '"Bridge 7, piers" is above the header row (row 2): a title, not part of the table.',
          },
        ],
      },
      trimmed: { total: 1, listed: [{ row: 3, column: "E", header: "Item2", parameter: "PierHeight", text: "9.300 ", as: "9.300" }] },
      added: [{ parameter: "PierCapDepth", values: { Item1: "1.200", Item2: "1.200" } }],
      changed: [{ id: 12, parameter: "PierHeight", version: 5, cells: [{ column: "Item2", before: "9.200", after: "9.300" }] }],
      missing: [],
      conflicts: [],
      newColumns: [],
    },
  },
  datasetsImportApply: { params: { ...table, importId }, body: { removeMissing: false, structure: "skip" }, answer: { added: 1, changed: 1, removed: 0 } },
  datasetsRemoveColumn: { params: { ...table, name: "Item9" }, answer: ok },
  datasetsAddItemColumn: {
    params: table,
    answer: {
      column: "Item3",
      name: "P3",
      data: { Id: 11, Parameter: "PierName", CreatedAt: created, UpdatedAt: at, Version: 3, Item1: "P1", Item2: "P2", Item3: "P3" },
    },
  },
  datasetsStartFromTemplate: {
    params: table,
    answer: {
      data: [
        { Id: 1, Parameter: "PierName", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "P1" },
        { Id: 2, Parameter: "Chainage", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "" },
        { Id: 3, Parameter: "PierType", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "" },
        { Id: 4, Parameter: "PierHeight", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "" },
      ],
    },
  },
  datasetsFetchAll: { params: { ds: "pier" }, answer: { data: [row, row13] } },
  datasetsCreateElement: {
    params: { ds: "pier" },
    body: { data: { Parameter: "PierCapDepth", Item1: "1.200", Item2: "1.200" } },
    answer: { data: { Id: 14, Parameter: "PierCapDepth", CreatedAt: at, UpdatedAt: at, Version: 1, Item1: "1.200", Item2: "1.200" } },
  },
  datasetsEditElement: {
    params: { ds: "pier" },
    body: { id: 12, data: { Version: 5, Item2: "9.300" } },
    answer: { data: { ...row, Version: 6, Item2: "9.300" } },
  },
  datasetsDeleteElement: { params: { ds: "pier" }, body: { id: 12 }, answer: { ok: true, id: 12 } },

  // Revit
  relayPreview: {
    params: { id: 1 },
    body: { dataset: "pier" },
    answer: {
      added: [{ Id: 14, Parameter: "PierCapDepth", Item1: "1.200", Item2: "1.200" }],
      changed: [
        { id: 12, parameter: "PierHeight", cells: [{ column: "Item2", before: "9100", after: "9200" }], renamed: null },
        {
          id: 13,
          parameter: "SkewAngleAtBearing",
          cells: [{ column: "Parameter", before: "SkewAngle", after: "SkewAngleAtBearing" }],
          renamed: { from: "SkewAngle", to: "SkewAngleAtBearing" },
        },
      ],
      removed: [],
      baselineAt: "2026-03-03T11:02:40.000Z",
      recipients: [{ clientName: "Pontifex for Revit", revitVersion: "2025", document: "Bridge 7.rvt", tokenName: "Workstation 3" }],
    },
  },
  relayPush: { params: { id: 1 }, body: { dataset: "pier" }, answer: pushOutcome },
  relayPushes: { answer: { pushes: [pushSummary] } },
  relayEvents: {
    answerType: "text/event-stream",
    answer: `event: connections\ndata: {"count":1}\n\nevent: push\ndata: ${JSON.stringify(pushSummary)}\n\n`,
  },
  relayStatus: {
    answer: {
      connected: [
        {
          id: "4f9a2b6e-1c3d-4a5b-9e8f-7d6c5b4a3e21",
          clientName: "Pontifex for Revit",
          revitVersion: "2025",
          document: "Bridge 7.rvt",
          connectedAt: "2026-03-04T08:12:00.000Z",
          lastSeenAt: at,
          tokenName: "Workstation 3",
        },
      ],
    },
  },
  relayTokens: { answer: { tokens: [{ id: 3, name: "Workstation 3", createdAt: created, lastUsedAt: at, connected: 1 }] } },
  relayCreateToken: {
    body: { name: "Workstation 4" },
    answer: { id: 4, name: "Workstation 4", token: "pfx_3q9V2mXk7LcR8sTn1bWf6yHd4JpZ0aEuQ5vG8iKo2Nw", createdAt: at },
  },
  relayRevokeToken: { params: { id: "3" }, answer: ok },
  relayPushAll: { params: { ds: "pier" }, body: {}, answer: pushOutcome },
  relayPushOne: { params: { ds: "pier", parameter: "PierHeight" }, body: {}, answer: { ...pushOutcome, rows: 1 } },

  // Calculations
  calculationsBending: { body: bendingBody, answer: calculated(bendingStrength(bendingSchema.parse(bendingBody))) },
  calculationsShear: { body: shearBody, answer: calculated(shearStrength(shearSchema.parse(shearBody))) },
  calculationsLapLength: { body: lapBody, answer: calculated(lapLengths(lapSchema.parse(lapBody))) },

  // Assistant
  assistantChat: {
    body: {
      id: conversationId,
      messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Which piers are taller than 9 m?" }] }],
      trigger: "submit-message",
    },
    answer:
      'data: {"type":"start","messageId":"a1"}\n\n' +
      'data: {"type":"text-start","id":"t1"}\n\n' +
      'data: {"type":"text-delta","id":"t1","delta":"Item2 of PierHeight is 9,200 mm: pier 2 is the only one over 9 m."}\n\n' +
      'data: {"type":"text-end","id":"t1"}\n\n' +
      'data: {"type":"finish"}\n\n' +
      "data: [DONE]\n\n",
  },
  assistantConversations: { answer: { conversations: [{ id: conversationId, title: "Which piers are taller than 9 m?", updatedAt: at }] } },
  assistantConversation: {
    params: { id: conversationId },
    answer: {
      conversation: {
        id: conversationId,
        title: "Which piers are taller than 9 m?",
        updatedAt: at,
        messages: [
          { id: "m1", role: "user", parts: [{ type: "text", text: "Which piers are taller than 9 m?" }] },
          { id: "a1", role: "assistant", parts: [{ type: "text", text: "Item2 of PierHeight is 9,200 mm: pier 2 is the only one over 9 m." }] },
        ],
      },
    },
  },
  assistantRenameConversation: {
    params: { id: conversationId },
    body: { title: "Tall piers" },
    answer: { conversation: { id: conversationId, title: "Tall piers", updatedAt: at } },
  },
  assistantDeleteConversation: { params: { id: conversationId }, answer: ok },

  // MIDAS
  midasConnection: { answer: { baseUrl: "https://moa-engineers.midasit.com:443/civil", keyLast4: "9f3a", updatedAt: at } },
  midasSaveConnection: {
    body: { baseUrl: "https://moa-engineers.midasit.com:443/civil", apiKey: "eyJ1cl9rZXkiOiJhYmMxMjMi9f3a" },
    answer: { baseUrl: "https://moa-engineers.midasit.com:443/civil", keyLast4: "9f3a", updatedAt: at },
  },
  midasForgetConnection: { answer: ok },
  midasTestConnection: {
    answer: {
      ok: true,
      product: "MIDAS Civil NX",
      version: "2026 (v2.2)",
      user: "ada@example.com",
      company: "Lovelace Bridges",
      isCivil: true,
      checkedWith: "/config/ver",
    },
  },
  midasModel: { params: { id: 1 }, answer: { problems: [], ...modelCheckExample } },
  midasPreview: {
    params: { id: 1 },
    answer: {
      problems: [],
      changes: {
        NODE: { create: 2, update: 1, delete: 0, unchanged: 40, ids: { create: ["101", "102"], update: [{ id: "12", fields: ["Z"] }], delete: [] } },
      },
      warnings: [],
      tendons: [{ name: "PT-A", length: 171, angle: 1.5944, lowest: { x: 81, share: 0.7438 } }],
      baseUrl: "https://moa-engineers.midasit.com:443/civil",
      fingerprint: "b41c7e09a2d35f68",
      ...modelCheckExample,
    },
  },
  midasApply: {
    params: { id: 1 },
    answer: {
      runId,
      outcome: "applied",
      tables: { NODE: { outcome: "applied", created: 2, updated: 1, deleted: 0 }, ELEM: { outcome: "unchanged", created: 0, updated: 0, deleted: 0 } },
      warnings: [],
    },
  },
  midasRuns: { params: { id: 1 }, answer: { runs: [runSummary] } },
  midasRun: {
    params: { id: 1, runId },
    answer: {
      ...runSummary,
      diff: { baseUrl: "https://moa-engineers.midasit.com:443/civil", warnings: [] },
      fingerprint: "b41c7e09a2d35f68",
      tables: [{ dataset: "midaspiles", title: "Piles", route: "/midas/midaspiles", builtFrom: 6, now: 6, changedSince: false }],
    },
  },
  midasSettings: { params: { id: 1 }, answer: { modelPath: "C:\\Bridges\\Bridge 7.mcbx" } },
  midasSaveSettings: { params: { id: 1 }, body: { modelPath: "C:\\Bridges\\Bridge 7.mcbx" }, answer: { modelPath: "C:\\Bridges\\Bridge 7.mcbx" } },
  midasAnalysis: { params: { id: 1 }, answer: { runId, outcome: "done", kinds: ["reaction", "bearing", "girder", "pile"] } },
  midasResults: { params: { id: 1, kind: "reaction" }, query: { cases: "DL,ULS1" }, answer: results, fileName: "Bridge 7 - MIDAS reactions - 2026-03-04.csv" },
  midasRefreshResults: { params: { id: 1, kind: "reaction" }, answer: { ...results, source: "refresh" } },
  midasGirderCheck: {
    params: { id: 1 },
    query: { combination: "ULS-ENV", standard: "AS5100.5:2017" },
    answer: {
      combination: "ULS-ENV",
      standard: "AS5100.5:2017",
      points: [girderPoint],
      governing: {
        M: girderPoint,
        V: girderPoint,
      },
      combinations: ["ULS-M1600", "ULS-ENV"],
      assumptions: ["The box is taken as an equivalent I."],
    },
  },

  // Operations
  opsHealth: { answer: { status: "ok" } },
  opsReady: {
    answer: { status: "ready", checks: { database: "ok", pool: "ok (1/10 busy)", migrations: "current (0012_project_invitations)", relay: "listening" } },
  },
  opsOpenapi: {
    answer: { openapi: "3.1.0", info: { title: "Pontifex API", version: "1.0.0" }, paths: { "/api/health": { get: { operationId: "opsHealth" } } } },
  },
};
