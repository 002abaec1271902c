import CloseIcon from '@mui/icons-material/Close';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
    Box,
    ButtonBase,
    Dialog,
    DialogContent,
    DialogTitle,
    IconButton,
    Stack,
    Tooltip,
    Typography,
    useMediaQuery,
    type SxProps,
    type Theme,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useT } from '../i18n/context';

/** Each zoom step multiplies or divides the scale by this much; the largest is 8 times natural size. */
const STEP = 1.5;
const MOST = 8;

/**
 * A picture shown small that opens full size (a KYC document): the thumbnail is a button named by
 * `label`, so a click, Enter and Space all open it. The dialog fills a phone's screen and fits a
 * desk's; the picture starts fitted and zooms by buttons to its natural size and beyond, in a box
 * that scrolls. Nothing blocks the browser's own pinch-zoom (touch-action allows it). The close
 * button and Escape close it, and focus goes back to the thumbnail (MUI's Dialog restores it).
 */
export const ImageViewer = ({
    src,
    alt,
    label,
    sx,
}: {
    src: string;
    /** What the picture shows (its alternative text, and the dialog's title). */
    alt: string;
    /** The thumbnail button's accessible name, e.g. "Open ID front in full size". */
    label: string;
    /** The thumbnail's picture. */
    sx?: SxProps<Theme>;
}) => {
    const { translate } = useT();
    const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const [open, setOpen] = useState(false);
    /** The picture's width in CSS pixels once zoomed; null while fitted to the screen. */
    const [width, setWidth] = useState<number | null>(null);
    const picture = useRef<HTMLImageElement>(null);
    const titleId = useId();

    /** The width the picture is shown at now. */
    const shown = () => width ?? picture.current?.clientWidth ?? 0;
    /** The width at which the whole picture fits the box (never beyond its natural width). */
    const fitted = () => {
        const image = picture.current;
        const box = image?.parentElement;
        if (!image || !box || image.naturalWidth === 0 || image.naturalHeight === 0) return shown();
        const ratio = image.naturalWidth / image.naturalHeight;
        return Math.min(image.naturalWidth, box.clientWidth, box.clientHeight * ratio);
    };
    const zoomIn = () => {
        const most = (picture.current?.naturalWidth ?? 0) * MOST;
        setWidth(Math.min(most || Infinity, Math.max(1, shown()) * STEP));
    };
    // Back to fitted at or below the fitted size: a picture smaller than the screen shows nothing more.
    const zoomOut = () => {
        const next = shown() / STEP;
        setWidth(width === null || next <= fitted() ? null : next);
    };
    const close = () => {
        setOpen(false);
        setWidth(null);
    };

    return (
        <>
            <ButtonBase
                onClick={() => setOpen(true)}
                aria-label={label}
                aria-haspopup="dialog"
                focusRipple
                sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.200' }}
            >
                <Box
                    component="img"
                    src={src}
                    alt={alt}
                    sx={[{ display: 'block', width: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
                />
            </ButtonBase>
            <Dialog
                open={open}
                onClose={close}
                fullScreen={phone}
                fullWidth
                maxWidth="lg"
                aria-labelledby={titleId}
                slotProps={{ paper: { sx: phone ? {} : { height: 'calc(100% - 64px)' } } }}
            >
                <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, pr: 1 }}>
                    <Typography component="span" variant="h6" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                        {alt}
                    </Typography>
                    <Stack direction="row">
                        <Tooltip title={translate('app.image.zoom_out')}>
                            <IconButton onClick={zoomOut} aria-label={translate('app.image.zoom_out')}>
                                <ZoomOutIcon />
                            </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('app.image.fit')}>
                            <IconButton onClick={() => setWidth(null)} aria-label={translate('app.image.fit')}>
                                <FitScreenIcon />
                            </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('app.image.zoom_in')}>
                            <IconButton onClick={zoomIn} aria-label={translate('app.image.zoom_in')}>
                                <ZoomInIcon />
                            </IconButton>
                        </Tooltip>
                        <IconButton onClick={close} aria-label={translate('app.image.close')}>
                            <CloseIcon />
                        </IconButton>
                    </Stack>
                </DialogTitle>
                <DialogContent
                    dividers
                    // Scrolls when zoomed past the screen; a pinch still zooms the page as the browser does.
                    sx={{ p: 0, display: 'flex', overflow: 'auto', touchAction: 'pan-x pan-y pinch-zoom', bgcolor: 'grey.900' }}
                    tabIndex={0}
                    aria-label={alt}
                    role="region"
                >
                    <Box
                        component="img"
                        ref={picture}
                        src={src}
                        alt={alt}
                        data-zoomed={width !== null}
                        sx={
                            width === null
                                ? { m: 'auto', display: 'block', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }
                                : {
                                      m: 'auto',
                                      display: 'block',
                                      flexShrink: 0,
                                      maxWidth: 'none',
                                      width,
                                  }
                        }
                    />
                </DialogContent>
            </Dialog>
        </>
    );
};
