import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import { Box } from '@mui/material';
import { useState } from 'react';

/**
 * A phone model's picture, or the phone icon in its place. The server names a picture only when
 * the portal ships it (server/domain/phonePictures.ts), so without one nothing is requested; a
 * picture that fails to load all the same (a stale build, a lost connection) gives way to the icon
 * rather than a broken image. Decorative: the model's name is always written beside it.
 */
export const PhonePicture = ({ image, size = 48 }: { image: string | null; size?: number }) => {
    const [broken, setBroken] = useState<string | null>(null);
    if (!image || broken === image)
        return <PhoneAndroidIcon color="action" sx={{ fontSize: size * 0.85, width: size, flexShrink: 0 }} aria-hidden />;
    return (
        <Box
            component="img"
            src={image}
            alt=""
            width={size}
            height={size}
            onError={() => setBroken(image)}
            sx={{ width: size, height: size, objectFit: 'contain', flexShrink: 0 }}
        />
    );
};
