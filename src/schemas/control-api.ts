/**
 * Where the simulator's control API and inspector live (at the origin root, outside the API base
 * path), and the mark every webhook delivery carries. The control API refuses any request with
 * that mark, and no webhook is ever sent under this prefix, so a job's `callback_url` can never
 * drive the simulator itself.
 */
export const CONTROL_PATH_PREFIX = '/__gatewaykit';

/** The User-Agent of every webhook delivery (with `X-Gateway-Signature`, its mark). */
export const WEBHOOK_USER_AGENT = 'gatewaykit-webhooks';
