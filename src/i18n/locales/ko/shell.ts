import type { Catalog } from '../../catalog';

export const shell: Catalog['shell'] = {
  loading: '플레이그라운드를 불러오는 중입니다…',
  failed: '플레이그라운드를 불러오지 못했습니다 ({{error}}). 페이지를 새로 고쳐 다시 시도하세요.',
  scenario: '시나리오',
  noScenario: '(없음 — 직접 작성)',
  runtime: '런타임',
  ready: '준비됨',
  status: '상태',
  shortcuts: {
    button: '키보드 단축키',
    title: '키보드 단축키',
    intro: '한 글자 키는 포커스가 텍스트 입력란에 있지 않을 때 동작합니다. Tab 키로 컨트롤 사이를 이동합니다.',
    keys: '키',
    action: '동작',
    or: ' 또는 ',
    close: '닫기',
  },
  shortcut: {
    step: '한 단계: 한 페이즈 진행 (실행이 멈춰 있으면 먼저 user 메시지를 보냅니다)',
    run: '끝까지 실행 (일시 정지에서 기다림)',
    stop: '멈춤',
    send: 'user 메시지 보내기',
    approve: '일시 정지에서 기다리는 첫 번째 도구 호출 승인 (“A 키가 다음에 이 호출을 승인합니다” 표시가 붙은 호출)',
    'approve-all': '기다리는 도구 호출 모두 승인',
    deny: '일시 정지에서 기다리는 첫 번째 도구 호출 거부 (모델은 거부 결과를 받습니다)',
    pause: '“도구 실행 전에 멈춤” 켜기/끄기',
    presenter: '발표 화면 켜기/끄기 (큰 글씨, 대화 기록과 인스펙터를 나란히)',
    'new-run': '새 실행',
    help: '이 단축키 목록 보기',
  },
};
