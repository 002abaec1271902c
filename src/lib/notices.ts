/**
 * The portal's toasts, kept outside React and outside react-admin: a notice raised as the
 * signed-in shell goes away (signed out, session expired) still shows on the sign-in page.
 * react-admin's own notifications are passed in here too (layout/NotificationBridge.tsx); the
 * toasts are drawn by layout/Toasts.tsx. At most TOASTS.max show at once; the rest wait their turn.
 */
import type { ReactNode } from 'react';
import { TOASTS } from '../config';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
    id: number;
    /** A translation key (shown translated with `args`), or ready content. */
    message: string | ReactNode;
    type: NoticeType;
    args?: Record<string, unknown>;
    /** Hide after this long; null or 0 to stay until closed. Default: TOASTS.autoHideMs. */
    autoHideMs?: number | null;
    /** An undoable change: undone from the toast, or committed when it leaves. */
    undoable?: { undo: () => void; commit: () => void };
}

/** A notice on screen: `open` until closed, then gone once its exit animation ends. */
export interface Toast {
    notice: Notice;
    open: boolean;
    undone: boolean;
}

type NoticeInput = Omit<Notice, 'id'>;

/** The same message raised twice within this time shows once (a 401 signs out through two paths). */
const REPEAT_MS = 1000;

let nextId = 0;
let waiting: readonly Notice[] = [];
let shown: readonly Toast[] = [];
const lastRaised = new Map<unknown, number>();
const listeners = new Set<() => void>();

const publish = () => {
    while (shown.length < TOASTS.max && waiting.length > 0) {
        const [first, ...rest] = waiting;
        waiting = rest;
        shown = [...shown, { notice: first!, open: true, undone: false }];
    }
    listeners.forEach(listener => listener());
};

const update = (id: number, change: Partial<Toast>) => {
    shown = shown.map(toast => (toast.notice.id === id ? { ...toast, ...change } : toast));
    publish();
};

export const notices = {
    push(input: NoticeInput): void {
        const now = Date.now();
        const last = lastRaised.get(input.message);
        if (typeof input.message === 'string' && last !== undefined && now - last < REPEAT_MS) return;
        lastRaised.set(input.message, now);
        waiting = [...waiting, { ...input, id: nextId++ }];
        publish();
    },
    /** The toasts on screen, oldest first. */
    shown: (): readonly Toast[] => shown,
    /** Starts a toast's exit. */
    close: (id: number) => update(id, { open: false }),
    /** Undoes its change and closes it. */
    undo(id: number): void {
        shown.find(toast => toast.notice.id === id)?.notice.undoable?.undo();
        update(id, { undone: true, open: false });
    },
    /** Its exit has ended: an undoable change not undone is committed, and the next notice may show. */
    exited(id: number): void {
        const toast = shown.find(item => item.notice.id === id);
        if (toast && !toast.undone) toast.notice.undoable?.commit();
        shown = shown.filter(item => item.notice.id !== id);
        publish();
    },
    subscribe(listener: () => void): () => void {
        listeners.add(listener);
        return () => listeners.delete(listener);
    },
    /** Tests: forget everything. */
    clear(): void {
        waiting = [];
        shown = [];
        lastRaised.clear();
        publish();
    },
};
