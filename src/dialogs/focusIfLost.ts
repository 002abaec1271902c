/**
 * Gives `target` the focus when a closing dialog would leave it nowhere: on nothing, on the page's
 * body, on an element no longer in the page, or still inside a dialog. A dialog's `onExited` runs
 * before the dialog unmounts, often with the focus on its own container (the row whose button
 * opened it may have left the list meanwhile), and that focus falls to the body a moment later.
 */
export const focusIfLost = (target: HTMLElement | null | undefined): void => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.closest('.MuiDialog-root') !== null;
    if (lost) target?.focus();
};
