import type { Catalog } from '../../catalog';

export const storage: Catalog['storage'] = {
  banner: {
    blocked:
      '저장소가 막혔습니다: 이 앱의 다른 탭이 데이터베이스를 잡고 있습니다. 지금은 저장하지 않고 실행합니다 — 이 앱의 다른 탭을 닫고 새로 고치세요.',
    replaced:
      '다른 탭에서 이 앱이 업데이트되었습니다: 계속 저장하려면 새로 고치세요. 그때까지는 아무것도 저장되지 않습니다.',
    closed:
      '브라우저가 이 앱의 저장소를 닫았습니다 (사이트 데이터 삭제?): 저장하지 않고 실행합니다. 새로 고치면 다시 엽니다.',
    unavailable: '저장소를 열 수 없습니다 ({{detail}}): 저장하지 않고 실행합니다.',
    full: '저장 공간이 가득 찼습니다: 새 이벤트가 저장되지 않습니다 ({{detail}}). 실행을 내보내 보관한 뒤 공간을 확보하세요.',
    reload: '새로 고침',
    damaged_one: '저장된 실행 {{count}}개가 손상되어 따로 두었습니다: 앱은 그것 없이 동작합니다.',
    damaged_other: '저장된 실행 {{count}}개가 손상되어 따로 두었습니다: 앱은 그것 없이 동작합니다.',
    showDamaged: '손상된 실행 보기',
    problems: '저장된 데이터 일부를 읽지 못했습니다:',
  },
  unsaved: {
    text: '이 실행은 이 브라우저에 저장되지 않았습니다 ({{detail}}). 지금 내보내어 보관하세요. 저장 공간이 다시 받아 주면 바로 저장됩니다.',
    export: '지금 내보내기',
  },
  damaged: {
    title: '손상된 실행',
    intro:
      '읽을 때 검사를 통과하지 못한 저장된 실행이며, 열리지 않습니다. 원본 JSON으로 내보내거나 (버그 보고나 직접 복구용) 삭제하세요.',
    untitled: '(읽을 수 있는 제목 없음)',
    export: '원본 JSON 내보내기',
    exportLabel: '손상된 실행 {{title}}을(를) 원본 JSON으로 내보내기',
    delete: '삭제',
    deleteLabel: '손상된 실행 {{title}} 삭제',
    exportFailed: '내보내지 못했습니다: {{detail}}',
  },
  reason: {
    header: '실행 목록의 기록을 읽을 수 없습니다: {{detail}}',
    orphanEvents_one: '실행 목록에 기록이 없는 실행의 이벤트 {{count}}개가 저장되어 있습니다.',
    orphanEvents_other: '실행 목록에 기록이 없는 실행의 이벤트 {{count}}개가 저장되어 있습니다.',
    noEvents: '저장된 이벤트가 없습니다.',
    gap: '로그에서 이벤트 {{event}}이(가) 빠져 있습니다.',
    event: '{{detail}}',
    notStarted: '로그가 run-started로 시작하지 않습니다.',
    secondStart: '이벤트 {{event}}이(가) 실행을 한 번 더 시작합니다.',
    otherRun: '로그가 다른 실행({{logRunId}})의 것입니다.',
    unanswered: '이벤트 {{event}}이(가) 호출된 적 없는 {{round}}라운드 모델 호출에 답합니다.',
    strayResults: '이벤트 {{event}}이(가) 대기 중인 도구 호출이 없는데 도구 결과를 추가합니다.',
    replayAt: '이벤트 {{event}}에서 재생이 실패합니다: {{detail}}',
    replay: '재생이 실패합니다: {{detail}}',
    unreadable: '기록을 읽을 수 없습니다: {{detail}}',
  },
  boundary: {
    failed: '{{panel}} 패널이 실패했습니다: {{message}}',
    hint: '페이지의 나머지는 계속 동작합니다. 다시 시도하려면 이 패널을 새로 고치고, 버그 보고에는 진단 정보를 내보내세요.',
    reload: '이 패널 새로 고침',
    export: '진단 정보 내보내기',
    panels: {
      header: '헤더',
      model: '모델',
      tools: '도구',
      loop: '루프',
      inspector: '인스펙터',
    },
  },
};
