import type { Operation } from '../operation.ts';

/** Statuses the reference lists for createImages. */
const CREATE_FAULTS = [400, 401, 402, 403, 404, 413, 429, 500, 502, 524, 529] as const;

/**
 * `POST /images`, `GET /images/models`, `GET /images/models/{author}/{slug}/endpoints` (reference
 * createImages, listImageModels, listImageModelEndpoints): decodable PNG, JPEG, WebP or SVG images of
 * the catalogue's image models, deterministic for the request and seed, billed per image.
 */
export const imagesOperation: Operation = {
  name: 'images',
  endpoints: [
    {
      method: 'POST',
      path: '/images',
      id: 'images.create',
      referenceId: 'createImages',
      summary: 'Generate images (PNG, JPEG, WebP or SVG), JSON or streamed',
      auth: 'key',
      paid: true,
      faults: CREATE_FAULTS,
    },
    {
      method: 'GET',
      path: '/images/models',
      id: 'images.models.list',
      referenceId: 'listImageModels',
      summary: 'List image generation models',
      auth: 'key',
      faults: [401, 500],
    },
    {
      method: 'GET',
      path: '/images/models/:author/:slug/endpoints',
      id: 'images.models.endpoints',
      referenceId: 'listImageModelEndpoints',
      summary: 'List the provider endpoints of an image model',
      auth: 'key',
      faults: [401, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
