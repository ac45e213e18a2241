let locks = 0;
let previous = '';

/** lockBodyScroll stops the page behind an open modal from scrolling; call the result to undo. */
export function lockBodyScroll(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  if (locks === 0) {
    previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.body.style.overflow = previous;
  };
}
