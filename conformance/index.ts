/**
 * gatewaykit/conformance: point it at any Gateway API implementation and get a verdict per rule,
 * with a hard budget, a preflight, five verdicts, and shrunk, replayable failures.
 */
export {
  runConformance,
  DEFAULT_MAX_REQUESTS,
  DEFAULT_RUNS,
  SIMULATOR_MAX_REQUESTS,
  SIMULATOR_CONCURRENCY,
  SIMULATOR_PARALLEL_CHECKS,
  DEFAULT_HEARTBEAT_MS,
} from './run-conformance.ts';
export type { ConformanceOptions } from './run-conformance.ts';
export type { CheckResult, CheckStatus, ConformanceReport, ProgressEvent, Replay } from './report.ts';
export type { Check, CheckContext, CheckOutcome, Inconclusive, Judgement, Observed, Problems, Requirement, SimulatorInfo } from './check.ts';
export type { Preflight, PreflightStep } from './preflight.ts';
export { ALL_CHECKS } from './registry.ts';
export { RULES } from './rules/rule-catalogue.ts';
export type { Rule, RuleSource } from './rules/rule.ts';
export { selectChecks, selects } from './select-checks.ts';
export type { Probe } from './client/probe.ts';
export type { Exchange } from './client/exchange.ts';
export type { FetchLike } from './client/gateway-client.ts';
export { DEFAULT_TIMEOUT_MS } from './client/gateway-client.ts';
export { toCurl } from './client/to-curl.ts';
export { runProperty } from './property/run-property.ts';
export type { PropertySpec } from './property/run-property.ts';
export { probeAll } from './property/probe-all.ts';
export { errorEnvelopeProblems, expectAccepted, expectError, expectServed } from './oracles/error-envelope.ts';
export { formatReport, formatRuleList } from './format-report.ts';
export { toMarkdownReport } from './to-markdown-report.ts';
export { toJunitXml } from './to-junit-xml.ts';
// fast-check arbitraries of Responses requests (docs/schemas.md), for users' own property tests.
export { validResponsesRequestArb, ruleBreakingRequestArb, ruleBreakers, RESPONSES_BOUNDARIES } from './operations/responses/request-arbitraries.ts';
export type { ResponsesArbOptions, RuleBreakingRequest, ResponsesBoundary } from './operations/responses/request-arbitraries.ts';
