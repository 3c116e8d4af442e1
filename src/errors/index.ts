export { GatewayError, errorBody, errorBodyText } from './gateway-error.ts';
export type { ErrorBody, GatewayErrorOptions } from './gateway-error.ts';
export { DOCUMENTED_STATUSES, documentedStatus, statusesFor } from './documented-statuses.ts';
export type { DocumentedStatus } from './documented-statuses.ts';
