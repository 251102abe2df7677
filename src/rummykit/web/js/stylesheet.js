// A route's own stylesheet, linked by its page's module when it is first shown, so that the other
// routes load none of it (docs/web.md, "The page's weight"): pages.css (the lobby, the account page,
// a profile), rules.css (the rules and help page), replay.css (the replay viewer), carousel.css
// (Carousel's table, by its controller).

const sheets = new Map();

/** Link the stylesheet at `href` to the document (once); a promise resolved when it is loaded (or
 * could not be), for a page that should not be drawn without it. */
export function addStylesheet(href) {
  if (!sheets.has(href)) {
    sheets.set(
      href,
      new Promise((resolve) => {
        const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
        link.onload = link.onerror = resolve;
        document.head.append(link);
      }),
    );
  }
  return sheets.get(href);
}
