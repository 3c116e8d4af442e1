import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import type { StoredFile } from '../../files/stored-file.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { DEFAULT_WORKSPACE_ID } from '../../management/key-entry.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { fileContent } from './file-content.ts';
import { listPage } from './list-page.ts';
import { readUpload } from './read-upload.ts';
import { FileScopeQuerySchema, ListFilesQuerySchema, type FileScopeQuery } from './request.ts';
import { fileBody, fileDeletedBody, fileListBody } from './response.ts';

const scopeOf = (ctx: RequestContext): FileScopeQuery => readRequest(FileScopeQuerySchema, queryObject(ctx.url));

/** The `{file_id}` file of the caller's workspace, or the reference's 404 (never uploaded, deleted, or forgotten by a reset). */
export function fileOf(env: GatewayEnv, ctx: RequestContext, scope: FileScopeQuery): StoredFile {
  const id = ctx.params.file_id ?? '';
  const file = env.files.get(id);
  if (!file || file.workspaceId !== (scope.workspace_id ?? DEFAULT_WORKSPACE_ID)) {
    throw new GatewayError(404, `File not found: ${JSON.stringify(id.slice(0, 256))} (never uploaded, deleted, or forgotten by a control reset)`);
  }
  return file;
}

async function upload(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const scope = scopeOf(ctx);
  const file = await env.files.add(await readUpload(ctx, scope.workspace_id ?? DEFAULT_WORKSPACE_ID));
  return jsonResponse(fileBody(file, scope.provider, env.files.uploadsDownloadable));
}

function list(env: GatewayEnv, ctx: RequestContext): Response {
  const query = readRequest(ListFilesQuerySchema, queryObject(ctx.url));
  const { page, hasMore } = listPage(env.files.all(), query.workspace_id ?? DEFAULT_WORKSPACE_ID, query);
  return jsonResponse(fileListBody(page, hasMore, query.provider, env.files.uploadsDownloadable));
}

async function remove(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const scope = scopeOf(ctx);
  const file = fileOf(env, ctx, scope);
  await env.files.remove(file.id);
  return jsonResponse(fileDeletedBody(file.id, scope.provider));
}

/** The files operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'files.upload': (ctx) => upload(env, ctx),
  'files.list': (ctx) => list(env, ctx),
  'files.get': (ctx) => {
    const scope = scopeOf(ctx);
    return jsonResponse(fileBody(fileOf(env, ctx, scope), scope.provider, env.files.uploadsDownloadable));
  },
  'files.delete': (ctx) => remove(env, ctx),
  'files.content': (ctx) => fileContent(env, fileOf(env, ctx, scopeOf(ctx)), ctx.request.headers.get('accept')),
});
