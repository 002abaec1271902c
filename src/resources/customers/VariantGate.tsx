import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { AccessDenied } from '../../layout/AccessDenied';
import { PageLoading } from '../../layout/PageLoading';
import { VARIANTS, type VariantKey } from '../../lib/customerVariants';

/** A variant's screens open only to the holders of its role; anyone else sees "access denied". */
export const VariantGate = ({ variant, children }: { variant: VariantKey; children: ReactNode }) => (
    <CanAccess resource={VARIANTS[variant].resource} action="find" accessDenied={<AccessDenied />} loading={<PageLoading />}>
        {children}
    </CanAccess>
);
