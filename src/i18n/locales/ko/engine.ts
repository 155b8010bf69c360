import type { Catalog } from '../../catalog';

export const engine: Catalog['engine'] = {
  finish: {
    'final-answer': '최종 답변(도구 호출 없음)',
    'return-direct': 'returnDirect: 도구 결과가 곧 답변',
    'max-rounds': '최대 라운드(max-rounds) 제한',
    aborted: '중단됨(aborted)',
    stopped: '사용자가 멈춤',
    refused: '모델이 거절함',
    truncated: '토큰 한도에서 잘림(응답의 어느 것도 실행하지 않음)',
    'tool-error': '도구 오류(예외 모드: 루프를 멈춤)',
    'runtime-error': '런타임 오류',
    'loop-guard': '루프 가드(하드 캡)',
    'validation-failed': '구조화된 출력 검증 실패',
  },
  loopEnded: '루프 종료: {{reason}}.',
  action: {
    none: '—',
    separator: '; ',
    paused: '호출 {{count}}개의 승인을 기다리며 일시 정지',
    decidedEdit: '{{callId}}의 인수 편집 ({{changes}})',
    decided: {
      approve: '{{callId}} 승인',
      edit: '{{callId}}의 인수 편집',
      deny: '{{callId}} 거부',
      write: '{{callId}}의 결과를 직접 작성',
    },
    outcome: {
      stop: '{{name}} 실패: 루프를 멈춤',
      executed: '{{name}} 실행',
      'tool-error': '{{name}} 실행: 오류를 모델에 보냄',
      'invalid-json': '{{name}}: 인수가 JSON이 아님, 오류를 보냄',
      'invalid-arguments': '{{name}}: 인수가 유효하지 않음, 오류를 보냄',
      'unknown-tool': '알 수 없는 도구 {{name}}: 오류를 보냄',
      'unparsed-call': '파싱할 수 없는 호출: 오류를 보냄',
      denied: '{{name}}: 거부를 보냄',
      'written-by-hand': '{{name}}: 직접 작성한 결과를 보냄',
    },
    appended: '도구 결과 {{count}}개를 덧붙임',
    ended: '종료: {{reason}}',
    interrupted: {
      'model-call': '새로 고침으로 중단됨',
      'tool-batch': '새로 고침으로 도구 묶음이 중단됨',
    },
    reopened: '새 사용자 메시지 전에 답이 없는 호출 {{count}}개를 다시 엶',
    injected: '주입: {{callId}}({{name}})에 {{fault}}',
    guard: {
      warn: '루프 가드({{guard}}) {{value}}에서: 모델에 지금 답하라고 요청함',
      stop: '루프 가드({{guard}}) {{value}}에서: 루프를 멈춤',
    },
    resultIdOwn: '{{callId}}의 결과를 다시 자신의 id로 보냄',
    resultIdNone: '{{callId}}의 결과를 tool_call_id 없이 보낼 예정',
    resultIdOther: '{{callId}}의 결과를 tool_call_id {{sentId}}(으)로 보낼 예정',
    policyDenied: '정책이 {{name}}({{callId}})을(를) 거부함',
    validationAttempt: '{{attempts}}번 중 {{attempt}}번째 시도',
    validationAttemptOnly: '{{attempt}}번째 시도',
    validationRejected: {
      retried: '검증이 답을 거부함({{attempt}}): {{errors}}; 오류를 덧붙여 다시 보냄',
      last: '검증이 답을 거부함({{attempt}}): {{errors}}; 남은 재시도 없음',
    },
  },
  interrupted: {
    modelCall:
      '마지막 모델 호출({{round}}번째 턴)이 새로 고침으로 중단되었습니다. 한 단계를 누르면 모델을 다시 호출합니다.',
    toolBatch:
      '새로 고침이 {{round}}번째 턴의 도구 호출을 중단했습니다. {{unfinished}}개가 끝나지 않았습니다. 각각 다시 실행하거나, 오류 결과로 건너뛰거나, 결과를 직접 작성하세요.',
    toolBatchKept:
      '새로 고침이 {{round}}번째 턴의 도구 호출을 중단했습니다. 호출 {{finished}}개는 끝나서 그대로 두었고, {{unfinished}}개가 끝나지 않았습니다. 각각 다시 실행하거나, 오류 결과로 건너뛰거나, 결과를 직접 작성하세요.',
  },
  workspace: {
    changed: '작업 공간이 바뀜: {{parts}}.',
    separator: '; ',
    exposed: '{{names}} 노출',
    removed: '더 이상 노출하지 않음: {{names}}',
    updated: '도구 정의가 갱신됨',
    runtime: '런타임: {{label}}',
  },
  anomaly: {
    'tool-call-cut-by-length': '토큰 한도가 도구 호출을 JSON 중간에서 잘랐습니다. 이 호출은 실행하지 않습니다.',
    'tool-calls-without-calls': '런타임은 tool_calls를 보고했지만 응답에 도구 호출이 없습니다.',
    'text-with-tool-calls': '메시지에 텍스트와 도구 호출이 함께 있습니다.',
    'unterminated-tool-call': '도구 호출이 열렸지만 끝나지 않았습니다(닫는 태그가 없거나 JSON이 끝나지 않음).',
    'malformed-tool-call': {
      'error-result':
        '호출 시도 {{count}}개를 읽을 수 없습니다. 쓴 그대로 텍스트에 남고, 모델은 다시 시도할 수 있도록 오류 결과를 받습니다.',
      text: '호출 시도 {{count}}개를 읽을 수 없습니다. 쓴 그대로 텍스트에 남고, 이에 대해서는 아무것도 보내지 않습니다(설정: 잘못된 호출을 텍스트로 처리).',
    },
    'calls-cut-by-length': '응답이 토큰 한도에서 잘렸습니다. 완전한 호출 {{count}}개도 실행하지 않았습니다.',
    'tool-calls-ignored': '응답이 {{raw}}(으)로 끝났습니다. 그 도구 호출은 실행하지 않습니다.',
    'parse-issues': '파서 메모: {{issues}}.',
    issueForgiven: '{{kind}}(봐줌: 호출로 읽음)',
    issueFlagged: '{{kind}}(표시함)',
  },
  runEnd: {
    maxRounds: '최대 라운드 제한이 모델 호출 {{limit}}번 뒤에 루프를 멈췄습니다.',
    maxRoundsChecker:
      'max-rounds 검사기가 모델 호출 {{limit}}번 뒤에 루프를 멈췄습니다. 마지막 응답의 도구 호출 {{calls}}개는 실행되지 않았습니다.',
    repeat:
      '반복 호출 가드가 루프를 멈췄습니다: {{key}}이(가) {{value}}번 요청되었습니다({{limit}}번에서 중지). 이 응답의 호출은 실행되지 않았습니다.',
    tokens:
      '토큰 예산이 루프를 멈췄습니다: 이 실행은 토큰 {{value}}개를 썼습니다(예산 {{limit}}). 이 응답의 호출은 실행되지 않았습니다.',
    stopped: '사용자가 멈췄습니다.',
    aborted: '생성이 중단되었습니다(finish reason abort).',
    refused: '모델이 답을 거절했습니다(content_filter).',
    returnDirect: '실행된 도구가 모두 returnDirect입니다: 그 결과가 최종 답이며 모델을 다시 호출하지 않습니다.',
    truncated: '응답이 토큰 한도에서 잘렸습니다(finish reason length).',
    truncatedCalls:
      '응답이 토큰 한도에서 잘렸습니다(finish reason length). 완성된 호출 {{count}}개는 실행되지 않았습니다.',
    validationFailed:
      '재시도 {{retries}}번 뒤에도 검증에 실패했습니다. 마지막 답도 스키마를 통과하지 못합니다: {{errors}}',
    validationFailedOne: '재시도 1번 뒤에도 검증에 실패했습니다. 마지막 답도 스키마를 통과하지 못합니다: {{errors}}',
  },
  refusal: {
    busy: '지금 단계가 끝날 때까지 기다리거나 멈춤을 누르세요.',
    stepInProgress: '이미 단계가 진행 중입니다.',
    runEnded: '실행이 끝났습니다. 새 메시지를 쓰고 보내기를 눌러 대화를 이어 가거나, 새 실행을 시작하세요.',
    startRunFirst: '먼저 실행을 시작하세요.',
    stillGoing: '실행이 아직 진행 중입니다. 끝까지 진행하거나 멈춤을 누른 뒤 다른 메시지를 보내세요.',
    writeUserMessage: '먼저 사용자 메시지를 쓰세요.',
    sendFirst: '먼저 사용자 메시지를 보내세요.',
    decideFirst: '대기 중인 도구 호출을 모두 먼저 결정하세요: 승인, 인수 편집, 거부, 결과 직접 작성.',
    modelAnswering: '모델이 아직 답하는 중입니다.',
    nothingToExecute: '실행할 것이 없습니다.',
    predictCallOrAnswer: '도구 호출을 하나 이상 추가하거나, 최종 답변을 예측하세요.',
    predictNeedsTool: '예측한 호출마다 도구를 골라야 합니다.',
    writeSentId: '보낼 id를 쓰거나 "id 없음"을 고르세요.',
    chainNotWaiting: '체인이 어떤 단계에서도 기다리고 있지 않습니다.',
    systemLocked: '시스템 프롬프트는 이 실행의 일부입니다. 바꾸려면 새 실행을 누르세요.',
    busyRuntime: '런타임을 바꾸기 전에 지금 단계가 끝날 때까지 기다리거나 멈춤을 누르세요.',
    busyTools: '노출할 도구를 바꾸기 전에 지금 단계가 끝날 때까지 기다리세요.',
    busyDescriptions: '도구 설명을 바꾸기 전에 지금 단계가 끝날 때까지 기다리세요.',
    stopBeforeControl: '루프 제어를 바꾸기 전에 실행을 멈추세요.',
    stopBeforeScenario: '시나리오를 바꾸기 전에 실행을 멈추세요.',
    busyOpenRun: '다른 실행을 열기 전에 지금 단계가 끝날 때까지 기다리거나 멈춤을 누르세요.',
    nextWhileModel: '모델이 답하는 중입니다. 다음 요청은 응답을 처리한 뒤에 만들어집니다.',
    nextAfterDecisions: '대기 중인 도구 호출을 먼저 모두 결정하세요. 다음 요청에 그 결과가 담깁니다.',
    nextAfterExecution: '한 단계를 누르면 대기 중인 도구 호출을 먼저 실행합니다. 다음 요청에 그 결과가 담깁니다.',
    nextMaxRounds:
      '최대 라운드 제한(모델 호출 {{limit}}번)에 닿았습니다. 다음 한 단계에서 실행이 끝나며, 더 보내는 요청은 없습니다.',
    nextChoiceNotExposed:
      '도구 선택 방식(tool_choice)이 “{{name}}만”인데 그 도구가 노출되어 있지 않습니다. 도구를 체크하거나 다른 방식을 고르세요.',
    nextByChain:
      '이 요청은 한 단계를 누를 때 advisor 체인이 만듭니다. 모델 앞의 advisor가 아직 요청을 바꿀 수 있습니다.',
    noPendingCall: '대기 중인 도구 호출 {{callId}}이(가) 없습니다.',
    argumentsNotJson: '올바른 JSON이 아닙니다: {{detail}}',
    argumentsMismatch: '인수가 스키마와 맞지 않습니다:\n{{detail}}',
    notWaitingToRun: '도구 호출 {{callId}}은(는) 실행을 기다리고 있지 않습니다.',
    alreadyRun: '도구 호출 {{callId}}은(는) 이미 실행되었습니다.',
    notWaitingForDecision: '도구 호출 {{callId}}은(는) 결정을 기다리고 있지 않습니다.',
    resultAlreadySent:
      '{{callId}}의 결과는 이미 보냈습니다(또는 대기 중인 호출이 아닙니다). 결과가 돌아가기 전에만 바꿀 수 있습니다.',
    danglingCalls:
      "마지막 응답의 도구 호출({{ids}})이 결과를 받지 못했습니다. 그 바로 뒤의 user 메시지는 API가 거부합니다 (\"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\"). “실행 안 됨”으로 답하거나 지금 결정한 뒤 보내세요.",
    predictFirst:
      '먼저 {{round}}번째 턴을 예측하세요(예측 모드가 켜져 있습니다): 도구 호출인지 최종 답인지, 어떤 도구와 인자인지.',
    nothingToPredict: '지금은 예측할 모델 호출이 없습니다. 예측은 모델 호출 전에 합니다.',
    predictOff: '예측 모드가 꺼져 있습니다. 다음 단계를 예측하려면 켜세요.',
    restoredMidRequest:
      '이 실행은 advisor가 제어하는 요청 도중에 복원되었습니다. 체인의 호출 스택은 로그로 다시 만들 수 없습니다. 멈춤을 눌러 요청을 끝낸 뒤 다음 메시지를 보내세요.',
  },
  notice: {
    toolChoiceReset: '도구 선택 방식이 “{{name}}만”이었지만 그 도구가 이제 노출되어 있지 않아 auto로 바꿨습니다.',
    noScenario: '“{{id}}” 시나리오가 없습니다.',
    openedScenario:
      '“{{title}}”을(를) 새 실행으로 열었습니다(보내기를 누르면 시작합니다). 이전 실행 “{{previous}}”은(는) 실행 기록 탭에 있습니다.',
    openedReplacing:
      '“{{title}}”을(를) 새 실행으로 열었습니다(보내기를 누르면 시작합니다). 이전 실행 “{{previous}}”은(는) 실행 기록 탭에 있습니다.',
    openedReplacingUntitled:
      '“{{title}}”을(를) 새 실행으로 열었습니다(보내기를 누르면 시작합니다). 이전 실행은 실행 기록 탭에 있습니다.',
    restoreFailed: '“{{title}}”을(를) 복원하지 못해({{error}}) 따로 두었습니다. 실행 기록 탭의 손상된 실행을 보세요.',
    notStored: '이 실행은 아직 이 브라우저에 저장되지 않았습니다. 먼저 메시지를 보내세요.',
    exported: '“{{title}}”을(를) 내보냈습니다.',
    exportedWithCode: '“{{title}}”을(를) 내 도구 {{count}}개의 코드와 함께 내보냈습니다.',
    exportFailed: '실행을 내보내지 못했습니다: {{error}}',
    transcriptFailed: '대화 기록을 내보내지 못했습니다: {{error}}',
    importFailed: '가져오지 못했습니다: {{error}}',
    imported: '“{{title}}”을(를) 가져왔습니다(이벤트 {{count}}개).',
    importedCopy:
      '“{{title}}”을(를) 사본으로 가져왔습니다(이벤트 {{count}}개). 이 브라우저에 같은 실행이 이미 있었습니다.',
    importedCode: '이 파일에는 도구 코드가 들어 있습니다. 믿기 전에 먼저 읽어 보세요.',
    importStoreFailed: '가져온 실행을 저장하지 못했습니다: {{error}}',
    trustDismissed: '가져온 도구 코드를 추가하지 않았습니다. 그 코드는 전혀 실행되지 않았습니다.',
    forkBusy: '포크하기 전에 지금 단계가 끝날 때까지 기다리거나 멈춤을 누르세요.',
    forkNoRun: '포크할 실행이 없습니다.',
    forkNoTurn: '{{turn}}번째 턴은 이 실행에 없습니다.',
    forkedBeforeTools:
      '{{turn}}번째 턴에서 포크했습니다. 도구가 실행되기 전에 멈춰 있습니다: 결과마다 승인, 편집, 거부 또는 직접 작성한 뒤 계속하세요.',
    forkedAfterResults:
      '{{turn}}번째 턴의 도구 결과 뒤에서 포크했습니다. 한 단계를 누르면 다음 턴의 모델을 호출합니다.',
    forkedBeforeModel: '{{turn}}번째 턴의 모델 호출 앞에서 포크했습니다. 한 단계를 누르면 모델에게 다시 묻습니다.',
    forkedAdvisor:
      '이 실행은 advisor 체인을 거쳤고, 체인은 요청 도중에서 다시 시작할 수 없습니다. 멈춤을 누른 뒤 다음 메시지를 보내세요.',
    forkStoreFailed: '포크를 저장하지 못했습니다: {{error}}',
    importFailedLead: '가져오지 못했습니다:',
    fileTooLarge: '파일이 너무 큽니다({{size}} MB). 실행 파일은 최대 {{max}} MB입니다.',
    fileEmpty: '파일이 비어 있습니다.',
    fileNotJson:
      '이 파일은 JSON이 아닙니다({{detail}}). 실행 파일은 "실행 내보내기"가 쓰는 JSON 문서(.tlp-run.json 파일)입니다.',
    fileTruncated:
      '파일이 잘려 있습니다: JSON이 중간에 끝납니다({{detail}}). 실행을 다시 내보내거나 파일 전체를 복사하세요.',
    fileInvalidJson: '올바른 JSON 파일이 아닙니다: {{detail}}',
    fileIsMcpList: '실행 파일이 아니라 MCP tools/list 결과입니다. 내 도구 → "MCP 도구 가져오기…"에서 가져오세요.',
    fileNotObject: 'Tool Loop Playground 실행 파일이 아닙니다: JSON이 객체가 아닙니다.',
    fileIsToolsFile:
      '실행 파일이 아니라 Tool Loop Playground 도구 파일입니다. 내 도구 → "도구 파일 가져오기"에서 가져오세요.',
    fileNoVersion: '이 실행 파일에는 버전 번호가 없습니다(찾은 값: {{found}}).',
    fileWrongFormat: 'Tool Loop Playground 실행 파일이 아닙니다("format": "{{format}}"이어야 합니다).',
    fileUnknownVersion: '파일의 버전 {{version}}은(는) 이 앱이 아는 버전이 아닙니다.',
    fileTooNew:
      '이 실행 파일은 형식 버전 {{version}}로, 이 앱이 읽는 버전(최대 {{max}})보다 새롭습니다. 온라인 상태에서 앱을 새로 고쳐 업데이트한 뒤 다시 가져오세요.',
    fileNoMigration: '실행 파일 버전 {{version}}에서 옮기는 방법(마이그레이션)이 없습니다.',
    fileMalformed: '실행 파일의 형식이 잘못되었습니다: {{detail}}',
    eventNotObject: '{{n}}번째 이벤트가 객체가 아닙니다.',
    eventNoType: '{{n}}번째 이벤트에 "type"이 없습니다.',
    eventUnknownType: '{{n}}번째 이벤트의 type "{{type}}"은(는) 알 수 없는 종류입니다.',
    eventMalformed: '{{n}}번째 이벤트({{type}})의 형식이 잘못되었습니다: {{detail}}',
    tracesDamaged: '실행의 프롬프트 트레이스가 손상되었습니다: {{detail}}.',
    logNoStart: '실행 로그는 run-started 이벤트로 시작해야 합니다.',
    secondRun: '{{n}}번째 이벤트가 로그 안에서 두 번째 실행을 시작합니다. 파일 하나에는 실행 하나만 들어갑니다.',
    idMismatch: '실행 id "{{runId}}"이(가) 로그의 id("{{logId}}")와 맞지 않습니다.',
    duplicateTool:
      '도구 이름 "{{name}}"이(가) 두 번 나옵니다. 한 실행 안에서 도구 이름은 겹치면 안 됩니다. 파일을 고친 뒤 다시 가져오세요.',
    toolCodeMalformed: '{{n}}번째 도구 코드 항목의 형식이 잘못되었습니다: {{detail}}',
    toolCodeDuplicate: '도구 이름 "{{name}}"이(가) 파일의 도구 코드에 두 번 나옵니다.',
    migrated: '이 파일은 형식 버전 {{version}}로 쓰여 있어 가져오면서 새 형식으로 바꿨습니다.',
    unusedCode: '파일에 "{{name}}"의 코드가 들어 있지만 이 실행은 그 도구를 쓰지 않습니다.',
    markup:
      '이 실행의 일부 텍스트가 HTML이나 스크립트처럼 보입니다({{detail}}). 일반 텍스트로만 보여 주며 절대 실행하지 않습니다.',
    forkNoLog: '이 실행에는 포크할 로그가 없습니다.',
    forkNoResponse: '{{turn}}번째 턴에는 포크할 응답이 없습니다.',
    forkNoTools: '{{turn}}번째 턴은 도구를 요청하지 않았습니다. 모델이 다시 답하게 하려면 모델 호출 앞에서 포크하세요.',
    forkNoResults: '{{turn}}번째 턴은 도구 결과를 붙이지 않았습니다. 도구 앞이나 모델 호출 앞에서 포크하세요.',
    forkBadPhase: '{{turn}}번째 턴을 여기서 포크하면 실행이 "{{expected}}"가 아닌 "{{phase}}" 단계에 놓입니다.',
    compareMissing: '비교하려면 두 실행 모두 이 브라우저에 저장되어 있어야 합니다.',
    compareFailed: '실행을 비교하지 못했습니다: {{error}}',
    ownWorkspace: '내 작업 공간',
  },
};
