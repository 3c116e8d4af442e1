import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery } from '../../kit/refusals.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

/** The kit's declarations of the models-count operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'models.count', request: get('/models/count'), badInput: () => [badQuery('/models/count', 'output_modalities=gatewaykit-no-such-modality')] },
];
