import { Menu, MenuItem } from '@mui/material';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n/locale';

/** The languages, each by its own name: the menu of layout/LanguageMenu.tsx, loaded when first opened. */
const LanguageChoices = ({
    id,
    anchor,
    current,
    onChoose,
    onClose,
}: {
    id: string;
    anchor: HTMLElement | null;
    current: string;
    onChoose: (locale: Locale) => void;
    onClose: () => void;
}) => (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {LOCALES.map(code => (
            <MenuItem key={code} lang={code} selected={code === current} onClick={() => onChoose(code)}>
                {LANGUAGE_NAMES[code]}
            </MenuItem>
        ))}
    </Menu>
);

export default LanguageChoices;
