/** The page's address without a link's ?project=, or null when it has none. */
export function addressWithoutProject(): string | null {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("project")) return null;
  url.searchParams.delete("project");
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * After the stored current project changed: the page shows it, not a link's ?project= (dropped from the address
 * bar in place, so the refresh renders the same screen with the current project, and the layout's switcher too).
 */
export function showCurrentProject(router: { refresh: () => void }): void {
  const address = addressWithoutProject();
  // null state: Next takes a call with its own state for one of its own, and would not sync its router to the new address.
  if (address) window.history.replaceState(null, "", address);
  router.refresh();
}
