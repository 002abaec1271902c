/**
 * The features behind a beta switch (`/dashboard/test-beta`), and each user's choices.
 *
 * A beta feature changes only how the portal presents what the user can already reach: none adds a
 * screen, a call or an action, so none can bypass a role. A switch takes effect only while the user
 * holds USE_BETA_FEATURES (`useBetaFeature`), so removing the role turns every feature off.
 *
 * The choices are kept in secure storage, owned by the user who made them (as the sale in progress
 * is, loanStore.ts): a presentation preference on one device, like react-admin's stored preferences,
 * needs no server state, grants nothing, and the next user of a shared shop phone does not inherit
 * it. The cost: a choice does not follow the user to another device.
 */
import { useSyncExternalStore } from 'react';
import { useCanAccess } from 'react-admin';
import { z } from 'zod';
import { secureStorage } from './secureStorage';
import { session } from './session';

/** Each feature's key; its name and description are `system.beta.features.<key>.*`. */
export const BETA_FEATURES = ['compact_tables'] as const;
export type BetaFeature = (typeof BETA_FEATURES)[number];

const NAME = 'beta-features';
const kept = z.object({ owner: z.string(), on: z.array(z.enum(BETA_FEATURES)) });

const listeners = new Set<() => void>();
let snapshot: { owner: string | null; on: readonly BetaFeature[] } | null = null;

const owner = () => session.user()?.username ?? null;

/** The signed-in user's switched-on features (a stable value between changes, for React). */
const read = (): readonly BetaFeature[] => {
    const me = owner();
    if (snapshot?.owner !== me) {
        const parsed = kept.safeParse(secureStorage.get(NAME));
        snapshot = { owner: me, on: parsed.success && parsed.data.owner === me ? parsed.data.on : [] };
    }
    return snapshot.on;
};

export const betaFeatures = {
    read,
    set(feature: BetaFeature, on: boolean): void {
        const me = owner();
        if (!me) return;
        const next = BETA_FEATURES.filter(key => (key === feature ? on : read().includes(key)));
        secureStorage.set(NAME, { owner: me, on: next });
        snapshot = { owner: me, on: next };
        listeners.forEach(listener => listener());
    },
    subscribe(listener: () => void): () => void {
        listeners.add(listener);
        return () => listeners.delete(listener);
    },
};

/** The user's own choice, whether or not it is in effect. */
export const useBetaChoices = (): readonly BetaFeature[] => useSyncExternalStore(betaFeatures.subscribe, read);

/** Whether a feature is in effect: switched on by this user, who still holds USE_BETA_FEATURES. */
export const useBetaFeature = (feature: BetaFeature): boolean => {
    const { canAccess } = useCanAccess({ resource: 'system-check-beta', action: 'switch' });
    return useBetaChoices().includes(feature) && canAccess === true;
};
