export { startServer } from './create-server.ts';
export type { RunningServer, ServeOptions } from './create-server.ts';
export { toFetchRequest } from './to-fetch-request.ts';
export { writeFetchResponse } from './write-fetch-response.ts';
export { stateFileOptions, readStateFile, writeFileAtomic } from './state-file.ts';
export type { GatewayStateFile } from './state-file.ts';
