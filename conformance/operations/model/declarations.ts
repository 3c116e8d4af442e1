import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { unknownId } from '../../kit/refusals.ts';

/** A model slug no gateway lists (author and name segments, as the paths take them). */
const UNLISTED_MODEL = 'gatewaykit-conformance/no-such-model';

/** The kit's declarations of the model operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'model.get',
    request: (ctx) => ({ method: 'GET', path: `/model/${ctx.model}` }),
    badInput: () => [unknownId(`/model/${UNLISTED_MODEL}`, 'model')],
  },
];
