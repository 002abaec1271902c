import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useT } from '../i18n/context';
import type { Locale } from '../i18n/locale';

// The menu itself (MUI's Menu, Popover, Modal) loads on first use: most visitors never open it.
const loadChoices = () => import('./LanguageChoices');
const LanguageChoices = lazy(loadChoices);

interface LanguageMenuProps {
    color?: 'inherit' | 'primary';
    /** The signed-in shell passes react-admin's locale state; the signed-out pages use the provider's. */
    locale?: string;
    onChange?: (locale: Locale) => void;
}

/** Switches English, Swahili and Portuguese at once; the choice is remembered. */
export const LanguageMenu = ({ color = 'inherit', locale, onChange }: LanguageMenuProps) => {
    const i18n = useT();
    const current = locale ?? i18n.locale;
    const choose = onChange ?? ((code: Locale) => void i18n.setLocale(code));
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [used, setUsed] = useState(false);
    const menuId = useId();
    const preload = () => void loadChoices().catch(() => undefined);
    return (
        <>
            <Button
                color={color}
                startIcon={<TranslateIcon />}
                // The visible code is part of the name (WCAG 2.5.3, label in name).
                aria-label={`${i18n.translate('app.language')}: ${current.toUpperCase()}`}
                aria-haspopup="menu"
                aria-expanded={anchor ? true : undefined}
                aria-controls={anchor ? menuId : undefined}
                onPointerEnter={preload}
                onFocus={preload}
                onClick={event => {
                    setUsed(true);
                    setAnchor(event.currentTarget);
                }}
            >
                {current.toUpperCase()}
            </Button>
            {used && (
                <Suspense fallback={null}>
                    <LanguageChoices
                        id={menuId}
                        anchor={anchor}
                        current={current}
                        onChoose={code => {
                            choose(code);
                            setAnchor(null);
                        }}
                        onClose={() => setAnchor(null)}
                    />
                </Suspense>
            )}
        </>
    );
};
