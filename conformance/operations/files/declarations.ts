import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { errorBodyProblems, successProblems } from '../../kit/answer-problems.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId } from '../../kit/refusals.ts';

const BOUNDARY = 'gatewaykit-conformance-boundary';
const UNKNOWN_FILE = 'file-gatewaykit-conformance-never-uploaded';

/** A one-line text file as a multipart upload (reference uploadFile: one `file` part). */
const upload: Omit<Probe, 'auth'> = {
  method: 'POST',
  path: '/files',
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  rawBody: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="conformance.txt"\r\nContent-Type: text/plain\r\n\r\ngatewaykit conformance\n\r\n--${BOUNDARY}--\r\n`,
};

const idOf = (answer: Exchange | undefined) => {
  const id = answer && answer.status < 300 ? (exchangeJson(answer) as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? id : undefined;
};
const filePath = (id: string) => `/files/${encodeURIComponent(id)}`;

/**
 * One file's life: upload ONE small text file, read its metadata, list, ask for its content,
 * delete it. The delete is sent whatever the others answered, so the run leaves no file behind.
 */
const fileLifecycle: SampleFlow = {
  key: 'kit.sample:files-lifecycle',
  paid: 0,
  async make(client) {
    const uploaded = await client.send(upload);
    const answers: Record<string, Exchange> = { 'files.upload': uploaded };
    const id = idOf(uploaded);
    if (!id) return answers;
    try {
      answers['files.get'] = await client.send({ method: 'GET', path: filePath(id) });
      answers['files.list'] = await client.send({ method: 'GET', path: '/files' });
      answers['files.content'] = await client.send({ method: 'GET', path: `${filePath(id)}/content` });
    } finally {
      answers['files.delete'] = await client.send({ method: 'DELETE', path: filePath(id) });
    }
    return answers;
  },
};

/** reference downloadFileContent: an uploaded file is not downloadable (400) unless its metadata says `downloadable: true` (200, its bytes). */
const contentOfItsFile: OperationDeclaration['judge'] = (answer, flow, components) => {
  const downloadable = (exchangeJson(flow['files.upload'] ?? { text: '' }) as { downloadable?: unknown } | undefined)?.downloadable;
  if (downloadable === true) return successProblems('files.content', answer, components);
  if (answer.status < 300)
    return [`the content of a file whose metadata says downloadable: ${String(downloadable)} is served (${answer.status}); reference downloadFileContent: 400`];
  if (answer.status !== 400)
    return [
      `the content of a file whose metadata says downloadable: ${String(downloadable)}: expected HTTP 400 (reference downloadFileContent), got ${answer.status}`,
    ];
  return errorBodyProblems('files.content', answer, components);
};

const creates = 'uploads one small text file and deletes it';
const lifecycle = { sample: fileLifecycle, creates } as const;
const removeUploaded = (answer: Exchange): Probe | undefined => {
  const id = idOf(answer);
  return id ? { method: 'DELETE', path: filePath(id) } : undefined;
};

/** The kit's declarations of the files operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'files.upload',
    request: () => upload,
    ...lifecycle,
    cleanup: removeUploaded,
    badInput: () => [{ ...malformedJson('/files'), label: 'a JSON body that is not multipart' }],
  },
  { endpoint: 'files.list', request: () => ({ method: 'GET', path: '/files' }), ...lifecycle, badInput: () => [badQuery('/files', 'limit=abc')] },
  {
    endpoint: 'files.get',
    request: () => ({ method: 'GET', path: filePath(UNKNOWN_FILE) }),
    ...lifecycle,
    badInput: () => [unknownId(filePath(UNKNOWN_FILE), 'file id')],
  },
  {
    endpoint: 'files.content',
    request: () => ({ method: 'GET', path: `${filePath(UNKNOWN_FILE)}/content` }),
    ...lifecycle,
    judge: contentOfItsFile,
    badInput: () => [unknownId(`${filePath(UNKNOWN_FILE)}/content`, 'file id')],
  },
  {
    endpoint: 'files.delete',
    request: () => ({ method: 'DELETE', path: filePath(UNKNOWN_FILE) }),
    ...lifecycle,
    badInput: () => [unknownId(filePath(UNKNOWN_FILE), 'file id', 'DELETE')],
  },
];
