/**
 * gatewaykit/conformance: point it at any Gateway API implementation and get a shrunk,
 * replayable verdict per rule of the spec.
 */
export { runConformance, DEFAULT_MAX_REQUESTS, DEFAULT_RUNS, SIMULATOR_MAX_REQUESTS } from './run-conformance.ts';
export type { ConformanceOptions } from './run-conformance.ts';
export type { CheckResult, CheckStatus, ConformanceReport, ProgressEvent, Replay } from './report.ts';
export type { Check, CheckContext, CheckOutcome, Problems, Requirement, SimulatorInfo } from './check.ts';
export { ALL_CHECKS } from './registry.ts';
export { selectChecks, selects } from './select-checks.ts';
export type { Probe } from './client/probe.ts';
export type { Exchange } from './client/exchange.ts';
export type { FetchLike } from './client/gateway-client.ts';
export { toCurl } from './client/to-curl.ts';
export { runProperty } from './property/run-property.ts';
export type { PropertySpec } from './property/run-property.ts';
export { probeAll } from './property/probe-all.ts';
export { errorEnvelopeProblems, expectAccepted, expectError } from './oracles/error-envelope.ts';
