// The stylesheet of the pages that are no table and no replay (web/pages.css: the lobby, the account
// page, a profile), added to the document once, when the first such page's module is imported; the
// importing module waits for it, so that the page is never drawn without its styles. A table's or
// a replay's page loads none of it (docs/web.md, "The page's weight").

await new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/pages.css";
  link.onload = resolve;
  link.onerror = resolve;
  document.head.append(link);
});
