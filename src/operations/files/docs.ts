import { z } from 'zod';
import { FileDeleteResponseSchema, FileListResponseSchema, FileResponseSchema } from '../../schemas/file-responses.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

/** The query every files endpoint takes (reference: `workspace_id`, `provider`), and the simulator's headers. */
const FILE_SCOPE: readonly ParameterDoc[] = [
  { name: 'workspace_id', in: 'query', description: 'The workspace (default: the default workspace).', schema: z.uuid() },
  {
    name: 'provider',
    in: 'query',
    description: 'The storage named (`openai`, `anthropic`): the answer comes in its shape.',
    schema: z.enum(['openai', 'anthropic']),
  },
  ...SIMULATION_HEADERS,
];
const FILE_ID: ParameterDoc = { name: 'file_id', in: 'path', required: true, description: "The file's id (`or_file_...`).", schema: z.string() };
/** The files operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'files.upload': {
      tag: 'Files',
      description:
        "A `multipart/form-data` body with one `file` part. The type is judged from the bytes (PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, MP3, WAV, FLAC, OGG or UTF-8 text, which is reported as JSON, NDJSON, CSV, Markdown or plain text); an empty file or another type is a 400. At most 100 MB a file, 1,000 files and 256 MiB in all (413 past them; `files.bounds`). The id sorts in upload order. `provider` picks the answer's shape (OpenAI's, Anthropic's; default OpenRouter's).",
      requestBody: { 'multipart/form-data': 'FileUploadMultipartRequest' },
      successStatus: 200,
      success: { 'application/json': 'FileResponse' },
      parameters: FILE_SCOPE,
    },
    'files.list': {
      tag: 'Files',
      description:
        "The workspace's files in upload order, `limit` a page (1-1000, default 100); page on with the previous page's `cursor`, or `after` / `after_id` (a file id, deleted or not). `before_id` and `order=desc` are 400s (not supported by OpenRouter storage).",
      successStatus: 200,
      success: { 'application/json': 'FileListResponse' },
      parameters: [
        { name: 'limit', in: 'query', description: 'Files per page (1-1000, default 100).', schema: z.number().int().min(1).max(1000) },
        { name: 'cursor', in: 'query', description: 'The `cursor` of the previous page.', schema: z.string() },
        { name: 'after', in: 'query', description: 'OpenAI-style: the id to list after.', schema: z.string() },
        { name: 'after_id', in: 'query', description: 'Anthropic-style: the id to list after.', schema: z.string() },
        { name: 'order', in: 'query', description: 'Only `asc`.', schema: z.enum(['asc']) },
        ...FILE_SCOPE,
      ],
    },
    'files.get': {
      tag: 'Files',
      description: "One file's metadata; 404 for an id never uploaded, deleted, forgotten by a control reset, or of another workspace.",
      successStatus: 200,
      success: { 'application/json': 'FileResponse' },
      parameters: [FILE_ID, ...FILE_SCOPE],
    },
    'files.delete': {
      tag: 'Files',
      description: 'Deletes the file for good (kept so in the state file); later reads and references to it are 404s.',
      successStatus: 200,
      success: { 'application/json': 'FileDeleteResponse' },
      parameters: [FILE_ID, ...FILE_SCOPE],
    },
    'files.content': {
      tag: 'Files',
      description:
        'The bytes exactly as uploaded, as application/octet-stream (or the judged type when Accept names it). As the reference says, uploads are not downloadable (400, `downloadable: false`) unless the gateway runs with `--downloadable-uploads` (`files.uploadsDownloadable`).',
      successStatus: 200,
      success: { 'application/octet-stream': 'binary' },
      parameters: [FILE_ID, ...FILE_SCOPE],
    },
  },
  components: {
    answers: {
      FileResponse: FileResponseSchema,
      FileListResponse: FileListResponseSchema,
      FileDeleteResponse: FileDeleteResponseSchema,
    },
    written: {
      FileUploadMultipartRequest: {
        type: 'object',
        description:
          'reference uploadFile: the multipart form; `file` carries the bytes (their type is judged from them). Other fields (`purpose`) are ignored.',
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        required: ['file'],
      },
    },
  },
};
