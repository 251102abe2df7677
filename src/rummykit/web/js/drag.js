// Dragging with the pointer (mouse, pen or touch): a copy of the piece follows the pointer and the
// element under it with a `data-drop` attribute receives it. A press that hardly moves stays a
// click. Keyboard play never needs this (every drop has a button).

const THRESHOLD = 6;

function dropTarget(x, y) {
  const element = document.elementFromPoint(x, y);
  return element ? element.closest("[data-drop]") : null;
}

/** Start watching a press on `element` (from its pointerdown `event`); on a drop, call
 * `onDrop(target.dataset.drop, payload)`. */
export function startDrag(event, element, payload, onDrop) {
  if (event.button !== undefined && event.button !== 0) return;
  // a text selection would turn the press into the browser's own drag of that text
  const selection = window.getSelection();
  if (selection) selection.removeAllRanges();
  const start = { x: event.clientX, y: event.clientY };
  let ghost = null;
  let over = null;

  const move = (e) => {
    if (!ghost) {
      if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < THRESHOLD) return;
      const box = element.getBoundingClientRect();
      ghost = element.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      ghost.style.width = `${box.width}px`;
      ghost.style.height = `${box.height}px`;
      document.body.appendChild(ghost);
      element.classList.add("dragging");
    }
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    const target = dropTarget(e.clientX, e.clientY);
    if (target !== over) {
      if (over) over.classList.remove("drop-over");
      if (target) target.classList.add("drop-over");
      over = target;
    }
    e.preventDefault();
  };

  const finish = (e, dropped) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    if (!ghost) return;
    ghost.remove();
    element.classList.remove("dragging");
    if (over) over.classList.remove("drop-over");
    const swallow = (c) => {
      c.stopPropagation();
      c.preventDefault();
    };
    window.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
    if (dropped) {
      const target = dropTarget(e.clientX, e.clientY);
      if (target) onDrop(target.dataset.drop, payload);
    }
  };
  const up = (e) => finish(e, true);
  const cancel = (e) => finish(e, false);

  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}
