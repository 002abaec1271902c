/** Colours as WCAG 2 measures them, for the tests of the theme's contrast (focus ring, hovered buttons). */

/** The channels of rgb(…), #RRGGBB or #RGB. */
const channels = (color: string): [number, number, number] => {
    const rgb = /^rgba?\((\d+), ?(\d+), ?(\d+)/.exec(color);
    if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
    const hex = color.length === 4 ? `#${[...color.slice(1)].map(digit => digit + digit).join('')}` : color;
    return [1, 3, 5].map(at => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
};
/** WCAG 2 relative luminance. */
const luminance = (color: string) => {
    const [r, g, b] = channels(color).map(value => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG 2 contrast ratio of two colours. */
export const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
};
/** `color` at `opacity` over `ground`, as the page shows it. */
export const over = (color: string, opacity: number, ground: string) => {
    const [top, bottom] = [channels(color), channels(ground)];
    const mixed = top.map((value, index) => Math.round(value * opacity + bottom[index]! * (1 - opacity)));
    return `rgb(${mixed.join(', ')})`;
};
