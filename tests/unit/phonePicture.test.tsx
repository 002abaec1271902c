/**
 * The phone picture's placeholder (src/resources/origination/PhonePicture.tsx): no request at all for a
 * model the server names no picture for, the picture when it does, and the icon again if that
 * picture fails to load.
 */
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhonePicture } from '../../src/resources/origination/PhonePicture';

describe('the phone picture', () => {
    it('shows the phone icon, and asks for no file, when the model has no picture', () => {
        const { container } = render(<PhonePicture image={null} />);
        expect(container.querySelector('img')).toBeNull();
        expect(container.querySelector('[data-testid="PhoneAndroidIcon"]')).not.toBeNull();
    });

    it('shows the picture the server names, decorative beside the model’s name', () => {
        const { container } = render(<PhonePicture image="/phones/sam-a15-128.svg" />);
        const image = container.querySelector('img');
        expect(image?.getAttribute('src')).toBe('/phones/sam-a15-128.svg');
        expect(image?.getAttribute('alt')).toBe('');
    });

    it('gives way to the icon when the picture fails to load, and tries a new picture again', () => {
        const { container, rerender } = render(<PhonePicture image="/phones/gone.svg" />);
        const image = container.querySelector('img');
        if (!image) throw new Error('No picture');
        fireEvent.error(image);
        expect(container.querySelector('img')).toBeNull();
        expect(container.querySelector('[data-testid="PhoneAndroidIcon"]')).not.toBeNull();
        rerender(<PhonePicture image="/phones/oppo-a18-128.svg" />);
        expect(container.querySelector('img')?.getAttribute('src')).toBe('/phones/oppo-a18-128.svg');
    });
});
