import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGUAGE_NAMES, LOCALES } from '../i18n/locale';

/** Switches English, Swahili and Portuguese at once; the choice is remembered. */
export const LanguageMenu = ({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) => {
    const translate = useTranslate();
    const [locale, setLocale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    return (
        <>
            <Button
                color={color}
                startIcon={<TranslateIcon />}
                aria-label={translate('app.language')}
                aria-haspopup="menu"
                aria-controls={anchor ? 'language-menu' : undefined}
                onClick={event => setAnchor(event.currentTarget)}
            >
                {locale.toUpperCase()}
            </Button>
            <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
                {LOCALES.map(code => (
                    <MenuItem
                        key={code}
                        lang={code}
                        selected={code === locale}
                        onClick={() => {
                            setLocale(code);
                            setAnchor(null);
                        }}
                    >
                        {LANGUAGE_NAMES[code]}
                    </MenuItem>
                ))}
            </Menu>
        </>
    );
};
