// The record file opened in this tab for the replay viewer (the lobby keeps it, the replay page
// reads it), in sessionStorage, so that a reload or a link to a move in the same tab finds it.

const FILE_KEY = "rummykit.replay.file";

/** The record file opened in this tab ({name, text}); null when there is none. */
export function openedFile() {
  try {
    const data = JSON.parse(sessionStorage.getItem(FILE_KEY));
    return data && typeof data.text === "string" ? data : null;
  } catch {
    return null;
  }
}

/** Keep a picked record file for the viewer; false when the tab's storage refuses it. */
export function keepFile(name, text) {
  try {
    sessionStorage.setItem(FILE_KEY, JSON.stringify({ name, text }));
    return true;
  } catch {
    return false;
  }
}
