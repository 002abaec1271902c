/**
 * Place search for the store location picker (contract/stores.ts `searchPlaces`, `placesStatus`):
 * one interface, two providers. With PLACES_API_KEY, Google Places API (New) Text Search; without
 * it but with the development tools on, a fixed gazetteer of South African places; otherwise no
 * search (404 `errors.places_unavailable`) and the picker keeps to coordinates.
 *
 * A read: nothing is written, nothing audited. The key travels only in the provider's request
 * header; it is never logged, and neither it nor the provider's own error text reaches the client.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PLACE_RESULTS_MAX, placesStatus, searchPlaces, type Place } from '../../../contract/stores';
import { HttpError, mount } from '../../http';
import { devToolsAllowed, type Settings } from '../../settings';

export interface PlacesProvider {
    readonly name: string;
    /** At most PLACE_RESULTS_MAX places matching `text`; throws when the provider fails. */
    search(text: string): Promise<Place[]>;
}

// ---------------------------------------------------------------------------------------------
// Google Places API (New), Text Search

export const GOOGLE_TEXT_SEARCH_URL = 'https://places.googleapis.com/v1/places:searchText';
const GOOGLE_FIELD_MASK = 'places.displayName,places.formattedAddress,places.location';
const PROVIDER_TIMEOUT_MS = 5_000;

/** What Text Search answers for the field mask above (anything else is ignored). */
const googleAnswer = z.object({
    places: z
        .array(
            z.object({
                displayName: z.object({ text: z.string() }).partial().optional(),
                formattedAddress: z.string().optional(),
                location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
            }),
        )
        .optional(),
});

export class PlacesProviderError extends Error {
    override name = 'PlacesProviderError';
}

export const googlePlaces = (apiKey: string, fetcher: typeof fetch): PlacesProvider => ({
    name: 'google',
    search: async text => {
        let response: Response;
        try {
            response = await fetcher(GOOGLE_TEXT_SEARCH_URL, {
                method: 'POST',
                headers: {
                    'Content-Type': 'application/json',
                    'X-Goog-Api-Key': apiKey,
                    'X-Goog-FieldMask': GOOGLE_FIELD_MASK,
                },
                body: JSON.stringify({ textQuery: text, regionCode: 'ZA', maxResultCount: PLACE_RESULTS_MAX }),
                signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
            });
        } catch (error) {
            const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
            throw new PlacesProviderError(`Google Places ${why}`);
        }
        if (!response.ok) throw new PlacesProviderError(`Google Places answered ${response.status}`);
        const parsed = googleAnswer.safeParse(await response.json().catch(() => null));
        if (!parsed.success) throw new PlacesProviderError('Google Places answered something unexpected');
        return (parsed.data.places ?? []).slice(0, PLACE_RESULTS_MAX).map(found => {
            const address = found.formattedAddress ?? '';
            return {
                name: found.displayName?.text ?? address,
                address,
                latitude: found.location.latitude,
                longitude: found.location.longitude,
            };
        });
    },
});

// ---------------------------------------------------------------------------------------------
// The development stand-in: a small fixed gazetteer (approximate coordinates)

export const GAZETTEER: readonly Place[] = [
    { name: 'Soweto', address: 'Soweto, Johannesburg, Gauteng', latitude: -26.2485, longitude: 27.854 },
    {
        name: 'Soweto, Maponya Mall',
        address: 'Chris Hani Rd, Klipspruit, Soweto, Gauteng',
        latitude: -26.2667,
        longitude: 27.8839,
    },
    { name: 'Sandton', address: 'Sandton, Johannesburg, Gauteng', latitude: -26.1076, longitude: 28.0567 },
    { name: 'Johannesburg CBD', address: 'Marshalltown, Johannesburg, Gauteng', latitude: -26.2041, longitude: 28.0473 },
    { name: 'Alexandra', address: 'Alexandra, Johannesburg, Gauteng', latitude: -26.1036, longitude: 28.0979 },
    { name: 'Pretoria Sunnyside', address: 'Sunnyside, Pretoria, Gauteng', latitude: -25.7521, longitude: 28.2069 },
    { name: 'Pretoria CBD', address: 'Church Square, Pretoria, Gauteng', latitude: -25.7461, longitude: 28.1881 },
    { name: 'Durban Marine Parade', address: 'Marine Parade, Durban, KwaZulu-Natal', latitude: -29.8543, longitude: 31.0392 },
    { name: 'Umlazi', address: 'Umlazi, Durban, KwaZulu-Natal', latitude: -29.9708, longitude: 30.8842 },
    { name: 'Cape Town CBD', address: 'Cape Town City Centre, Western Cape', latitude: -33.9249, longitude: 18.4241 },
    { name: 'Khayelitsha', address: 'Khayelitsha, Cape Town, Western Cape', latitude: -34.0395, longitude: 18.6778 },
    { name: 'Gqeberha Central', address: 'Central, Gqeberha, Eastern Cape', latitude: -33.9608, longitude: 25.6022 },
    { name: 'Bloemfontein CBD', address: 'Bloemfontein, Free State', latitude: -29.1211, longitude: 26.214 },
    { name: 'Polokwane', address: 'Polokwane, Limpopo', latitude: -23.9045, longitude: 29.4689 },
];

/** Every word of the text in the place's name or address, regardless of case. */
export const gazetteer: PlacesProvider = {
    name: 'gazetteer',
    search: async text => {
        const words = text
            .toLowerCase()
            .split(/[\s,]+/)
            .filter(Boolean);
        return GAZETTEER.filter(entry => {
            const haystack = `${entry.name} ${entry.address}`.toLowerCase();
            return words.every(word => haystack.includes(word));
        }).slice(0, PLACE_RESULTS_MAX);
    },
};

// ---------------------------------------------------------------------------------------------
// Routes

/** The provider for this request: the key's, else the stand-in for callers the dev tools answer, else none. */
export const placesProviderFor = (settings: Settings, request: FastifyRequest): PlacesProvider | null => {
    if (settings.placesApiKey) return googlePlaces(settings.placesApiKey, settings.fetch);
    if (devToolsAllowed(request, settings)) return gazetteer;
    return null;
};

export const registerPlacesRoutes = (app: FastifyInstance): void => {
    mount(app, placesStatus, async (_input, { settings, request }) => ({
        enabled: placesProviderFor(settings, request) !== null,
    }));

    mount(app, searchPlaces, async ({ body }, { settings, request }) => {
        const provider = placesProviderFor(settings, request);
        if (!provider) throw new HttpError(404, 'errors.places_unavailable', 'Place search is not configured');
        try {
            return { places: await provider.search(body.q) };
        } catch (error) {
            request.log.warn(
                { provider: provider.name, reason: error instanceof Error ? error.message : 'unknown' },
                'place search failed',
            );
            throw new HttpError(502, 'errors.unavailable', 'The place search service is unavailable right now');
        }
    });
};
