import type { Account } from '../account/account.ts';
import type { ActivityLedger } from '../account/activity-ledger.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { Catalog } from '../catalog/catalog.ts';
import type { Clock } from '../clock/clock.ts';
import type { UnexpectedErrorContext } from '../errors/unexpected-error.ts';
import type { FileStore } from '../files/file-store.ts';
import type { ManagementStore } from '../management/management-store.ts';
import type { GuardrailStore } from '../management/guardrail-store.ts';
import type { OrganizationStore } from '../management/organization-store.ts';
import type { PresetStore } from '../management/preset-store.ts';
import type { Journal } from '../state/journal.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';
import type { StickySessions } from '../state/sticky-sessions.ts';
import type { Timing } from '../timing/timing-options.ts';
import type { SchemaParse } from '../validation/tiered-safe-parse.ts';
import type { WebhookSettings } from '../webhooks/webhook-settings.ts';

/**
 * Everything an operation may depend on, built once per gateway by createGateway and passed
 * down explicitly: no module-level state, so two gateways in one process never mix.
 */
export interface GatewayEnv {
  readonly seed: number;
  readonly clock: Clock;
  readonly keys: readonly ApiKey[];
  readonly catalog: Catalog;
  /** An unknown `vendor/model` id gets a synthesized catalogue entry instead of the 400 (`--accept-unknown-models`); this gateway's catalogue is then its own copy. */
  readonly acceptUnknownModels?: boolean;
  /** e.g. http://127.0.0.1:8080/api/v1 (no trailing slash). */
  readonly baseUrl: string;
  /** The path part of baseUrl, e.g. /api/v1. */
  readonly basePath: string;
  readonly maxBodyBytes: number;
  /** Audio bytes a multipart upload may carry (`--max-upload-bytes`); JSON bodies keep `maxBodyBytes`. */
  readonly maxUploadBytes: number;
  /** `instant` or `realistic` answers, and the time-out limits of the latter (docs/timing.md). */
  readonly timing: Timing;
  readonly journal: Journal;
  readonly providerFaults: ProviderFaults;
  /** Sticky-routing sessions (spec 2.1 `session_id`); cleared on reset. */
  readonly stickySessions: StickySessions;
  /** Usage, credits and generations: every paid answer calls `account.recordGeneration` once. */
  readonly account: Account;
  /** Paid answers summed per UTC day, model, provider, key and workspace (`/activity`, `/analytics/query`); cleared on reset. */
  readonly activity: ActivityLedger;
  /** The management plane's keys and codes (`/keys`, `/auth/keys`), and the key ring every request authenticates with. */
  readonly management: ManagementStore;
  /** Guardrails and their key and member assignments (`/guardrails`), and the seeded organisation they refer to. */
  readonly guardrails: GuardrailStore;
  readonly organization: OrganizationStore;
  /** The presets (`/presets`), applied by `@preset/<slug>` models on the inference surfaces. */
  readonly presets: PresetStore;
  /** Uploaded files (`/files`), referenced by id from inference input; cleared on reset. */
  readonly files: FileStore;
  /**
   * Whether this gateway takes its fast paths (`createGateway({ fastPaths })`, default true): read
   * once, where a part of the gateway is made, to choose which function is wired (never per request).
   */
  readonly fastPaths: boolean;
  /** How this gateway runs a request schema: tiered (fast paths) or zod as it comes (validation/tiered-safe-parse.ts). */
  readonly parse: SchemaParse;
  /** Webhook settings (signing secret, localhost opt-in, retries, concurrency): observability destinations deliver with them. */
  readonly webhooks: WebhookSettings;
  /** This gateway's view of the loaded tokenizer: its counts remembered by text (fast paths), or the tokenizer itself. */
  readonly tokenizerView: <T extends { count(text: string): number }>(loaded: T) => T;
  /** Register state to clear on `POST /__gatewaykit/reset`. */
  onReset(fn: () => void): void;
  /** Report an unexpected error (a bug): the caller gets a masked 500; `context` names the request and its X-Generation-Id. */
  reportError(error: unknown, context?: UnexpectedErrorContext): void;
}
