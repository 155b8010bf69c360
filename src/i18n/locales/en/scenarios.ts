/**
 * The scenarios' titles, descriptions and first-minute suggestions (tryThis), keyed by scenario id. The engine's
 * scenarios (src/engine/scenarios) stay the source of the English: these strings equal theirs
 * (`src/ui/scenarios/scenario-text.test.tsx` checks every scenario), so the picker, the banner and the runs list
 * can show them in the page's language.
 */
export const scenarios = {
  'seoul-time-math': {
    title: 'Time in Seoul and a calculation',
    description:
      'Two tool calls in one response (executed in order, paired by id), then a call that uses the first result, then the answer. Edit the multiplication at a pause and watch the new number flow through.',
    tryThis:
      'Tick “Pause before executing tools” and press Step; at turn 1 edit the multiply call (b: 7 → 8), then Step on and watch 1005 become the answer.',
  },
  'seoul-time-math-ko': {
    title: '서울 시간과 계산 (한국어)',
    description:
      '튜토리얼의 질문 그대로: 한 응답에 도구 호출 두 개(차례로 실행, id로 짝지음), 첫 결과를 쓰는 호출, 그리고 답. 도구 설명을 English / 한국어로 바꿔 가며 요청이 어떻게 달라지는지 비교해 보세요.',
    tryThis:
      '“도구 실행 전에 멈춤”을 켜고 한 단계를 누르세요. 1번째 턴에서 곱셈 호출을 고치고(b: 7 → 8) 계속 진행하면 답이 1005가 됩니다. 요청 탭에서 도구 설명의 언어도 확인해 보세요.',
  },
  'reserve-and-todo': {
    title: 'Reserve stock and add a to-do',
    description:
      'reserve_inventory needs approval, so the loop pauses before it runs even with the pause toggle off. The second call depends on the first result.',
    tryThis:
      'Press Run to end: it stops at reserve_inventory for your decision; approve it, or deny it with a reason and see how the model replies.',
  },
  'return-direct': {
    title: 'returnDirect: the tool result is the answer',
    description:
      'check_inventory is marked returnDirect here: once every executed call is returnDirect, its result is the final answer and the model is not called again.',
    tryThis: 'Press Run to end and look at the Turns tab: one model call, and the tool result is the final answer.',
  },
  'tool-error': {
    title: 'Tool errors and invalid arguments',
    description:
      'One call throws (an unknown SKU) and one has arguments that fail the schema. The model receives both errors as results (is_error) and recovers. Switch the exception mode to "stop the loop" to compare.',
    tryThis: 'Run to end once, then set “On tool errors” to “stop the loop”, press New run and run it again.',
  },
  'small-model-glitches': {
    title: 'A small model’s malformed tool calls',
    description:
      'Raw output as small models write it, and what the parser forgave or flagged, as notes beside each call and text: a <tool_call> named in prose (not a call) and a block with a missing brace (kept as text, answered with an error result), then "parameters" instead of "arguments", then arguments as a JSON string in a block never closed. Set "Malformed calls" to "treat as text" to see the other reading of the first turn.',
    tryThis:
      'Step through and read the parser notes beside each call; then set “Malformed calls” to “treat as text” and compare turn 1.',
  },
  'tool-search-landsmeer': {
    title: 'Tool search: 28 tools, 3 needed',
    description:
      'Plan what to wear in Landsmeer among 28 tools. With tool search on, the model first sees only toolSearchTool and the tools it finds join the next requests; untick toolSearchTool to send all 28 every round and compare the tokens.',
    tryThis:
      'Run to end with tool search on and read the Metrics tab; then untick toolSearchTool, New run, and compare the prompt tokens.',
  },
  'runaway-loop': {
    title: 'A runaway loop and the loop guards',
    description:
      'The scripted model keeps asking for the same stock check and never answers. The repeated-call guard asks it to answer at 3 calls (soft cap) and stops the loop at 5 (hard cap); watch the meters in the Teaching lab.',
    tryThis:
      'Open the Teaching lab and press Run to end: the repeated-call meter passes its soft cap at 3 and the loop stops at 5.',
  },
  'policy-workspace': {
    title: 'A workspace behind a policy',
    description:
      'list_files, read_file and write_file go through one execution service with a policy: paths stay inside the workspace, secrets are blocked, writes need “Allow write”, long output is truncated. Each result is the service’s {text, error, metadata} as JSON. The write is denied; turn on “Allow write”, answer “go ahead”, and the same call succeeds.',
    tryThis:
      'Press Run to end and read each tool result’s JSON: the write is denied. Then tick “Allow write”, send “go ahead” and Run to end again.',
  },
  'augmented-arguments': {
    title: 'Parameter augmentation: innerThought and confidence',
    description:
      'With “Augment arguments” on, every tool’s schema gains innerThought (required) and confidence. The model fills them beside its arguments; they are shown beside the call and stripped before the tool runs, so discount receives only price and percent. Turn the switch off and the same call carries only its own fields.',
    tryThis:
      'Press Run to end and compare the call’s arguments with “The tool received”; then untick “Augment arguments”, press New run and run it again.',
  },
  'large-tool-result': {
    title: 'A huge tool result, shortened by a loop hook',
    description:
      'order_history returns about 6,000 characters when the answer needs one line. In the Advisors tab, the tool-calling advisor’s doGetNextInstructionsForToolCall hook can shorten long results before the next round, and shows the tokens saved; the think trace (+360) records each round’s reasoning, and a logger moved outside the loop (+250) logs only the first request and the final response.',
    tryThis:
      'In the Advisors tab turn on advisor control, set the Logger’s order to H+250, tick Think trace and the shortening hook, then Run to end; for the budget stop, set “Tokens: budget (stop)” in the Teaching lab to 100 and run again.',
  },
  'parallel-lookups': {
    title: 'Two independent lookups, parallel calls off',
    description:
      'The stock of SKU-100 and a customer’s contact do not depend on each other, so a model may ask for both in one response. With “Parallel tool calls” off the model makes one call per response: two turns instead of one. Turn it on and compare the turn count.',
    tryThis:
      'Press Run to end and count the turns: one call in each. Then tick “Parallel tool calls”, press New run and compare.',
  },
  'memory-followup': {
    title: 'A follow-up question answered from chat memory',
    description:
      'Run it under advisor control: the reservation runs, then send “What was the product I just reserved?”. The chat memory advisor outside the loop (+200) stored the first question and the final answer, so the second request carries them. Move memory inside the loop (its Move button puts it at +390: above the loop’s +300, and not the metrics advisor’s +400) to see what it stores then.',
    tryThis:
      'Turn on advisor control in the Advisors tab and Run to end; then send “What was the product I just reserved?” and Run to end again.',
  },
};
