/**
 * MUI's styles (emotion) written into jsdom the way a production build writes them: each rule
 * inserted into one style sheet (`insertRule`) rather than a new <style> element per rule, which
 * emotion does in development so that each rule can carry its source map. In jsdom each such
 * element was appended to the head and parsed as a sheet of its own,
 * and each getComputedStyle (every role query asks it for each element) walked one sheet per rule:
 * the unit files share a worker's document, so hundreds, then thousands of sheets. The rules, their
 * order and so what each element's computed style holds are the same either way (882 rules of the
 * Find transaction screen, 377 elements, 7 properties each: no difference; focusRing.test.tsx reads
 * the rules themselves).
 */
import { __unsafe_useEmotionCache } from '@emotion/react';
import { renderHook } from '@testing-library/react';

/** The emotion cache MUI's styled components write to (none of the portal's code provides another). */
const emotionCache = () => {
    const { result, unmount } = renderHook(() => __unsafe_useEmotionCache());
    unmount();
    const cache = result.current;
    if (!cache) throw new Error('No emotion cache: MUI would not style anything');
    return cache;
};

/**
 * Before the first rule is written (setup.ts). `UNIT_DEV_STYLES=1` keeps emotion's development way,
 * to compare the two in one run.
 */
export const insertStylesAsInProduction = () => {
    emotionCache().sheet.isSpeedy = process.env.UNIT_DEV_STYLES !== '1';
};
