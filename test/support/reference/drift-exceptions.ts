/** A difference between the simulator's schemas and the reference that stays, and why. */
export interface DriftException {
  match: RegExp;
  reason: string;
}

export const DRIFT_EXCEPTIONS: readonly DriftException[] = [
  {
    // Chat `ChatFunctionTool` server-tool branches, Messages server tools, Responses hosted tools
    // (web/file search, computer use, code interpreter, MCP, image generation, shell, ...) and the
    // `gateway:*` tools' `parameters`.
    match:
      /^(sendChatCompletionRequest|createMessages|createResponses) request \.tools\[\]\.(?!type\b|name\b|function\b)[A-Za-z_]+(\.[A-Za-z_]+)?: a member of the reference's request not modelled here$/,
    reason:
      "Options of the hosted and server tool variants. Only function/custom tools (and, on /responses, `gateway:web_fetch`) are checked member by member; every other tool kind is accepted by its `type` with its options as sent, as the reference's loose tool objects allow. The simulator runs its web search, datetime and fetch server tools with fixed deterministic settings (web search: the fixture corpus, three results) and never reads these options, so modelling each variant would check values it does not use.",
  },
  {
    match: /^createResponses request \.input\[\]\.[A-Za-z0-9_]+: a member of the reference's request not modelled here$/,
    reason:
      'Members of the input item kinds other than message, reasoning, function_call and function_call_output: hosted and server tool call items, their outputs, MCP approvals, compaction and subagent items passed back as history. They are accepted by `type` with their members as sent; the simulated model counts only the text they carry in `content` or `output` as context, so their other members are not checked.',
  },
  {
    match: /^createResponses request \.tools\[\]\.parameters\.engine: reference enum values refused: "perplexity"$/,
    reason:
      "The comparer merges `parameters.engine` over every server tool: `perplexity` is an engine of `openrouter:web_search`, which is accepted by its `type` with its parameters as sent (see the tool options above). The one tool whose `parameters` are checked, `gateway:web_fetch`, takes exactly the reference's `WebFetchEngineEnum`, which has no `perplexity`.",
  },
  {
    match: /^createResponses request \.input\[\]\.role: reference enum values refused: "unknown", "critic", "discriminator", "tool"$/,
    reason:
      "These roles belong only to the reference's `additional_tools` input item, which is accepted by its `type` with any `role` (see the input item kinds above); the message items, whose roles are checked, take exactly the reference's message roles (user, system, assistant, developer). The comparer merges `role` over every item kind, hence the line.",
  },
  {
    match:
      /^createMessages request \.messages\[\]\.content\[\]\.(content\[\]\.[A-Za-z_]+|source\.content\[\]\.[A-Za-z_]+|source\.file_id|encrypted_content|tool): a member of the reference's request not modelled here$/,
    reason:
      'Inner members of Messages content blocks the gateway does not translate: the blocks inside a `tool_result`, content-type and file document sources, server-tool result, search-result, compaction and tool-reference blocks. They are accepted by `type` as sent and only their text reaches the model, so their other members are not checked.',
  },
  {
    match: /^createMessages request \.context_management\.edits\[\]\.[A-Za-z_]+: a member of the reference's request not modelled here$/,
    reason:
      'Options of Anthropic server-side context edits (clearing tool uses, compaction). The simulator keeps the whole context and never applies an edit, so each edit is accepted by its `type` and its options are not checked.',
  },
  {
    match: /^listVideosModels 200 \.data\[\]\.supported_resolutions\[\]: values outside the reference's enum: "360p"$/,
    reason: "spec 2.7 adds `360p` to the reference's resolutions (the spec wins where it speaks), so a catalogue video model may list it.",
  },
  {
    match: /^(create|get|update)ObservabilityDestination 20[01] \.data\.type: values outside the reference's enum: "arize", .*"weave"$/,
    reason:
      "The comparer merges an `allOf` member by member, and these answers' `data` is `allOf: [ObservabilityDestination, {description}]` over a `oneOf` of 17 types, so only the last type's enum (`webhook`) is left. The listing, whose items are the same `oneOf` without `allOf`, compares clean, and every answer is validated whole against the reference's `oneOf` (test/setup/reference-answers.ts).",
  },
];
