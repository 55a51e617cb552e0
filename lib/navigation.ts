/**
 * The menu of the navigation bar (SPEC section 2) and what each of its pages is
 * for. Pages without content of their own read their title and purpose here.
 */

/** A page's query as Next gives it: a key given twice is an array. */
export type SearchParams = Record<string, string | string[] | undefined>;

export type MenuLink = { kind: "link"; label: string; href: string; description: string };
export type ExternalLink = { kind: "external"; label: string; envVar: "SUPER_T_URL" | "DECK_UNIT_URL"; description: string };
export type MenuEntry = MenuLink | ExternalLink;
export type Menu = { label: string; entries: MenuEntry[] };

const link = (label: string, href: string, description: string): MenuLink => ({ kind: "link", label, href, description });

export const hubMenu: Menu = {
  label: "Hub",
  entries: [
    link("AI Chatbot", "/midas/chatbot", "Ask for engineering calculations and drive the structural analysis model in plain language."),
    { kind: "external", label: "Super T Bridge", envVar: "SUPER_T_URL", description: "The Super T bridge configurator." },
    link("Concrete Box Girder", "/coresetup", "Core setup parameters of the concrete box girder model."),
    { kind: "external", label: "Deck Unit Bridge", envVar: "DECK_UNIT_URL", description: "The deck unit bridge configurator." },
  ],
};

export const revitMenu: Menu = {
  label: "Revit DB",
  entries: [
    link("Core Setup", "/coresetup", "Core parameters shared by the Revit bridge model."),
    link("Revit Abutment", "/revitabt", "Abutment parameters, one Item column per abutment."),
    link("Revit Pier", "/revitpier", "Pier parameters, one Item column per pier."),
    link("Revit Box", "/revitbox", "Box girder parameters, one Item column per span."),
  ],
};

export const midasDbMenu: Menu = {
  label: "Midas DB",
  entries: [
    link("Model Setup", "/midas/midassetup", "Units, materials and global settings of the MIDAS Civil model."),
    link("General Sections", "/midas/midasgeneralsections", "General cross-sections of the analysis model."),
    link("PSC Sections", "/midas/midaspsc", "Prestressed concrete sections of the girders."),
    link("Piles", "/midas/midaspiles", "Pile groups and their soil springs."),
    link("Superstructure Loads", "/midas/midasload", "Dead, superimposed and environmental loads on the deck."),
    link("Substructure Loads", "/midas/midasloadsub", "Loads on piers, headstocks and abutments."),
    link("Moving Loads", "/midas/midasmoving", "Vehicle lanes and moving load cases."),
    link("Load Combinations", "/midas/midasloadcomb", "Serviceability and ultimate load combinations."),
    link("PT", "/midas/midaspt", "Post-tensioning tendons and their profiles."),
  ],
};

export const midasControlMenu: Menu = {
  label: "Midas Control",
  entries: [
    link("Create Midas", "/midas", "Build the MIDAS Civil model from the parameter tables."),
    link("Reaction Results", "/midas/midasresultreaction", "Support reactions per load combination, as graphs."),
    link("Bearing Results", "/midas/midasresultbearing", "Bearing forces and movements, as graphs."),
    link("Girder Results", "/midas/midasresultgirder", "Girder moments, shears and stresses, as graphs."),
    link("Pile Results", "/midas/midasresultpile", "Pile actions per load combination, as graphs."),
    link("Change Log", "/midas/midaschangelog", "What changed in the analysis model, and when."),
  ],
};

export const calculationsMenu: Menu = {
  label: "Calculations",
  entries: [
    link("Concrete Bending", "/calculations", "Bending strength of reinforced concrete sections to AS 3600."),
    link("Concrete Shear", "/calculations/concreteshear", "Shear strength of reinforced concrete beams to AS 3600."),
    link("Lap Length", "/calculations/laplength", "Development and lap lengths of reinforcing bars to AS 3600."),
  ],
};

/** Menus before Settings, in the order of the bar. */
export const mainMenus: Menu[] = [hubMenu, revitMenu, midasDbMenu, midasControlMenu, calculationsMenu];

export const settingsSignedIn: MenuLink[] = [link("Settings", "/settings", "Your account and Revit add-in tokens."), link("Home", "/", "")];
export const settingsSignedOut: MenuLink[] = [link("Login", "/login", ""), link("Home", "/", "")];

/** Every in-app route the menu links to. */
export function menuRoutes(): string[] {
  const hrefs = [...mainMenus.flatMap((m) => m.entries), ...settingsSignedIn, ...settingsSignedOut]
    .filter((e): e is MenuLink => e.kind === "link")
    .map((e) => e.href);
  return [...new Set(hrefs)];
}

/** The menu entry of an in-app route, for pages that only name their tool. */
export function findTool(href: string): MenuLink | undefined {
  for (const menu of mainMenus) {
    for (const entry of menu.entries) if (entry.kind === "link" && entry.href === href) return entry;
  }
  return undefined;
}

/** Pages under /midas with a route of their own, not the generic tool page. */
const OWN_PAGES = new Set(["chatbot"]);

/** The /midas/{slug} tool pages (everything under /midas but /midas itself and the pages that have their own route). */
export function midasSlugs(): string[] {
  return menuRoutes()
    .filter((href) => href.startsWith("/midas/"))
    .map((href) => href.slice("/midas/".length))
    .filter((slug) => !OWN_PAGES.has(slug));
}
