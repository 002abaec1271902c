import { Stack, TextField, type SvgIconProps } from '@mui/material';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { DeviceLock } from '../../../../contract/devices';
import type { Loan } from '../../../../contract/customers';
import type { WriteName, WriteParams, WriteResult } from '../../../dataProvider/writes';
import { useFormat } from '../../../lib/useFormat';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from './DialogAction';
import type { LoanGate } from './loanAction';
import { reasonProblem, ReasonField } from './fields';
import { useDialogAction } from './useDialogAction';

export type Format = ReturnType<typeof useFormat>;

/** The one input a command asks for: a reason kept in the audit trail, or a code the customer reads out. */
type Field =
    | { source: 'reason' }
    | {
          source: 'challenge' | 'code';
          pattern: RegExp;
          maxLength: number;
          autoComplete: string;
          autoFocus: boolean;
      };

/**
 * A command on a loan's device: its words (`devices.<words>.button`, `.title`, `.intro`, `.done`),
 * icon, gate (an action of `customer-loans` in the permissions map), when the loan's state offers
 * it, and the write it runs (customers/writes.ts) with the input built from the loan and what
 * was typed.
 */
export interface Command<K extends WriteName> {
    words: 'lock' | 'unlock' | 'release' | 'offline_pin' | 'vivo' | 'activate';
    icon: ComponentType<SvgIconProps>;
    gate: LoanGate;
    offered: (loan: Loan, device: DeviceLock | null) => boolean;
    write: K;
    field?: Field;
    input: (loan: Loan, typed: string) => WriteParams<K>;
    introArgs?: (loan: Loan, format: Format) => Record<string, unknown>;
    /** The notice once done, when it depends on the answer. */
    done?: (answer: WriteResult<K>) => [string, Record<string, unknown>];
    /** Words of the confirm button other than Confirm. */
    confirmLabel?: string;
    /** What the command gave, shown in the dialog in place of its form (which stays open for it). */
    result?: (answer: WriteResult<K>, format: Format) => ReactNode;
    /** More in the dialog above the field (Vivo: sending the code). */
    before?: ComponentType<{ loan: Loan }>;
}

/** One command: its button, and its dialog asking for confirmation (and its input) before the write runs. */
export const CommandAction = <K extends WriteName>({ command, loan }: { command: Command<K>; loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { words, field } = command;
    const action = useDialogAction(command.write, command.done ?? `devices.${words}.done`, {
        keepOpen: command.result !== undefined,
    });
    const fieldProblem = useFieldProblem(action.error);
    const [typed, setTyped] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        let wrong: string | undefined;
        if (field?.source === 'reason') {
            const reason = reasonProblem(typed);
            wrong = reason && translate(...reason);
        } else if (field && !field.pattern.test(typed.trim())) wrong = translate(`devices.${words}.invalid`);
        setProblem(wrong);
        if (!wrong) action.run(command.input(loan, typed.trim()));
    };
    const Before = command.before;
    const given = action.answer && command.result ? command.result(action.answer, format) : undefined;
    return (
        <DialogAction
            action={action}
            label={`devices.${words}.button`}
            icon={command.icon}
            title={`devices.${words}.title`}
            intro={`devices.${words}.intro`}
            introArgs={command.introArgs?.(loan, format)}
            confirmLabel={command.confirmLabel}
            onConfirm={confirm}
            onClose={() => {
                action.close();
                if (given) setTyped('');
            }}
            result={given}
        >
            {field ? (
                <Stack spacing={1.5}>
                    {Before ? <Before loan={loan} /> : null}
                    {field.source === 'reason' ? (
                        // No checker decides a lock or an unlock: the reason is kept in the audit trail.
                        <ReasonField
                            value={typed}
                            onChange={setTyped}
                            problem={problem ?? fieldProblem('reason')}
                            help="loans.actions.command_reason_help"
                            autoFocus
                        />
                    ) : (
                        <TextField
                            label={translate(`devices.${words}.${field.source}`)}
                            value={typed}
                            onChange={event => {
                                setTyped(event.target.value);
                                setProblem(undefined);
                            }}
                            error={problem !== undefined || fieldProblem(field.source) !== undefined}
                            helperText={
                                problem ?? fieldProblem(field.source) ?? translate(`devices.${words}.${field.source}_help`)
                            }
                            autoFocus={field.autoFocus}
                            fullWidth
                            slotProps={{
                                htmlInput: {
                                    inputMode: 'numeric',
                                    autoComplete: field.autoComplete,
                                    maxLength: field.maxLength,
                                },
                            }}
                        />
                    )}
                </Stack>
            ) : null}
        </DialogAction>
    );
};
