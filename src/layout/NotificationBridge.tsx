import { useEffect, useRef } from 'react';
import { useNotificationContext, useTakeUndoableMutation } from 'react-admin';
import { notices, type NoticeType } from '../lib/notices';

const TYPES: readonly string[] = ['success', 'info', 'warning', 'error'] satisfies NoticeType[];
const noticeType = (type: string): NoticeType => (TYPES.includes(type) ? (type as NoticeType) : 'info');

/**
 * Hands react-admin's notifications to the portal's toasts (layout/Toasts.tsx, shown above
 * react-admin so they outlive the signed-in shell), an undoable change with its undo and commit.
 */
export const NotificationBridge = () => {
    const { notifications, setNotifications } = useNotificationContext();
    const takeMutation = useTakeUndoableMutation();
    // Each payload is handed over once, even when React runs the effect twice.
    const handed = useRef(new WeakSet<object>());

    useEffect(() => {
        const fresh = notifications.filter(payload => !handed.current.has(payload));
        if (fresh.length === 0) return;
        setNotifications(current => current.filter(payload => !fresh.includes(payload)));
        for (const payload of fresh) {
            handed.current.add(payload);
            const { message, type, notificationOptions = {} } = payload;
            const { autoHideDuration, messageArgs, undoable } = notificationOptions;
            notices.push({
                message,
                type: noticeType(type),
                args: messageArgs as Record<string, unknown> | undefined,
                autoHideMs: autoHideDuration,
                undoable: undoable
                    ? { undo: () => takeMutation()?.({ isUndo: true }), commit: () => takeMutation()?.({ isUndo: false }) }
                    : undefined,
            });
        }
    }, [notifications, setNotifications, takeMutation]);

    return null;
};
