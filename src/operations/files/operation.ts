import type { Operation } from '../operation.ts';
import { uploadBodyLimit } from './read-upload.ts';

// The statuses the reference lists for each operation (X-Gatewaykit-Fault may force them).
const UPLOAD_FAULTS = [400, 401, 403, 413, 429, 500, 502, 503] as const;
const LIST_FAULTS = [400, 401, 403, 429, 500, 502, 503] as const;
const ONE_FILE_FAULTS = [401, 403, 404, 429, 500, 502, 503] as const;
const CONTENT_FAULTS = [400, 401, 403, 404, 429, 500, 502, 503] as const;

/**
 * The reference's Files operations (docs/files.md): upload (multipart, bounded), list (paged by
 * cursor, in upload order), get, delete and content. Any API key; files belong to a workspace.
 */
export const filesOperation: Operation = {
  name: 'files',
  endpoints: [
    {
      method: 'POST',
      path: '/files',
      id: 'files.upload',
      referenceId: 'uploadFile',
      summary: 'Upload a file (multipart)',
      auth: 'key',
      faults: UPLOAD_FAULTS,
      maxBodyBytes: uploadBodyLimit,
    },
    { method: 'GET', path: '/files', id: 'files.list', referenceId: 'listFiles', summary: 'List files (paged by cursor)', auth: 'key', faults: LIST_FAULTS },
    {
      method: 'GET',
      path: '/files/:file_id',
      id: 'files.get',
      referenceId: 'getFileMetadata',
      summary: 'Get file metadata',
      auth: 'key',
      faults: ONE_FILE_FAULTS,
    },
    {
      method: 'DELETE',
      path: '/files/:file_id',
      id: 'files.delete',
      referenceId: 'deleteFile',
      summary: 'Delete a file',
      auth: 'key',
      faults: ONE_FILE_FAULTS,
    },
    {
      method: 'GET',
      path: '/files/:file_id/content',
      id: 'files.content',
      referenceId: 'downloadFileContent',
      summary: 'Download file content',
      auth: 'key',
      faults: CONTENT_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
