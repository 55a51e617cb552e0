/** The AS 3600 calculations as a JSON API: where each call goes (what it takes and answers: ./endpoints). The calculators work out in the browser: nothing there calls it. */
export const calculationsRoutes = {
  bending: { method: "POST", path: "/api/calculations/bending" },
  shear: { method: "POST", path: "/api/calculations/shear" },
  lapLength: { method: "POST", path: "/api/calculations/lap-length" },
} as const;
