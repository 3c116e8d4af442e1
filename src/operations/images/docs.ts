import { z } from 'zod';
import {
  ImageModelEndpointsSchema,
  ImageModelsListSchema,
  ImageRequestSchema,
  ImageResponseSchema,
  ImageStreamEventSchema,
} from '../../schemas/image-request.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The images operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'images.create': {
      summary: 'Generate images',
      tag: 'Images',
      description:
        'Decodable PNG (default), JPEG, WebP or SVG images of an image model of the catalogue (`GET /images/models`), `n` of them at the size of `size`, `resolution` and `aspect_ratio`; the same request and `seed` make the same bytes. Billed per image. `stream: true` on a model with native streaming sends a partial and a completed image per image as SSE, then `[DONE]`. The images of one request hold at most 4096x4096 pixels together (400 naming the field past it); a format the model does not list is a 400.',
      requestBody: { 'application/json': 'ImageGenerationRequest' },
      successStatus: 200,
      success: { 'application/json': 'ImageGenerationResponse', 'text/event-stream': 'ImageStreamingResponse' },
      parameters: SIMULATION_HEADERS,
    },
    'images.models.list': {
      summary: 'List image generation models',
      tag: 'Images',
      description: 'The image models of the catalogue with their supported parameters and the URL of their endpoints.',
      successStatus: 200,
      success: { 'application/json': 'ImageModelsListResponse' },
      parameters: SIMULATION_HEADERS,
    },
    'images.models.endpoints': {
      summary: 'List endpoints for an image model',
      tag: 'Images',
      description: 'The provider endpoints of an image model, with per-image pricing; 404 for a model the catalogue lacks.',
      successStatus: 200,
      success: { 'application/json': 'ImageModelEndpointsResponse' },
      parameters: [
        { name: 'author', in: 'path', required: true, description: 'Model author.', schema: z.string() },
        { name: 'slug', in: 'path', required: true, description: 'Model slug.', schema: z.string() },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    requests: {
      ImageGenerationRequest: ImageRequestSchema,
    },
    answers: {
      ImageGenerationResponse: ImageResponseSchema,
      ImageStreamingResponse: z.object({ data: ImageStreamEventSchema }),
      ImageModelsListResponse: ImageModelsListSchema,
      ImageModelEndpointsResponse: ImageModelEndpointsSchema,
    },
  },
};
