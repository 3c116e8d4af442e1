/**
 * Checks the simulator does not pass yet, each with the reason. The suite's tests against the
 * simulator accept these failures; conformance.test.ts fails when one of them starts passing, so
 * the list never outlives the gap.
 */
export const KNOWN_SIMULATOR_GAPS: Readonly<Record<string, string>> = {
  // Closed by the simulator's wire-shape fixes (chat always sends its usage chunk; cost_details in chat and Messages names).
  'chat.stream-grammar': 'a chat stream without stream_options.include_usage ends without its usage chunk',
  'usage.cost-details': 'chat and Messages usage.cost_details carry the Responses names (upstream_inference_input_cost, ..._output_cost)',
};
