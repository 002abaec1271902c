/**
 * The phone pictures the portal ships: `public/phones/`, served beside the built portal as
 * `/phones/<file>` (small SVGs drawn for the demo catalogue). A model's picture is answered only
 * when it names one of these, so the portal never asks for a file that is not there: a model
 * without one (or whose stored path names a picture no longer shipped, as the `.png` paths of
 * databases seeded before these existed) is answered with `image: null`, and the portal shows its
 * phone icon. tests/server/phonePictures.test.ts holds this list to the folder.
 */
export const PHONE_PICTURES: ReadonlySet<string> = new Set(
    [
        'apple-ip13-128',
        'honor-x6b-128',
        'itel-a70-64',
        'oppo-a18-128',
        'sam-a15-128',
        'sam-a25-128',
        'tecno-spark20',
        'vivo-y17s-64',
        'zte-blade-a75',
    ].map(name => `/phones/${name}.svg`),
);

/** Where a model's picture is, as the seed names it: by its SKU. */
export const phonePicturePath = (sku: string): string => `/phones/${sku.toLowerCase()}.svg`;

/** A stored picture path as answered: itself when the portal ships it, else null. */
export const shippedPicture = (image: string | null): string | null =>
    image !== null && PHONE_PICTURES.has(image) ? image : null;
