/** lockBodyScroll is a no-op on native: modals cover the screen. */
export function lockBodyScroll(): () => void {
  return () => undefined;
}
