/**
 * Page scroll lock while a dialog is open: a class on `<html>` (`kit-scroll-locked`, overflow hidden
 * in ./dialog.css), so no inline style is written (strict CSP). Nested dialogs share one lock: a count
 * on the element itself (`data-kit-scroll-locks`), which also holds when two remotes each bundle a
 * copy of this module.
 */
const CLASS = 'kit-scroll-locked';
const COUNT = 'kitScrollLocks';

/** Locks page scroll; returns the matching unlock (idempotent). */
export function lockPageScroll(doc: Document = document): () => void {
  const root = doc.documentElement;
  root.dataset[COUNT] = String(Number(root.dataset[COUNT] ?? 0) + 1);
  root.classList.add(CLASS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = Math.max(0, Number(root.dataset[COUNT] ?? 1) - 1);
    if (left > 0) {
      root.dataset[COUNT] = String(left);
      return;
    }
    delete root.dataset[COUNT];
    root.classList.remove(CLASS);
  };
}
