import type { Catalog } from '../../catalog';

export const cpu: Catalog['cpu'] = {
  panelLabel: 'CPU 런타임 (wllama)',
  title: 'CPU · wllama (WebAssembly로 실행하는 llama.cpp)',
  intro:
    'GGUF 모델을 CPU에서 실행합니다. WebGPU가 필요 없습니다(Chrome 또는 Edge 137+). ChatML 형식의 작은 채팅 모델을 고르세요. 예: Qwen2.5 0.5B–1.5B Instruct Q4 파일. 도구 호출은 앱 자체 프로토콜을 쓰며, 모든 호출이 파싱되도록 문법(grammar)으로 제약합니다.',
  source: '모델 출처',
  file: 'GGUF 파일',
  url: '모델 URL',
  urlPlaceholder: 'https://…/model-q4_k_m.gguf',
  loadUrl: 'URL에서 불러오기',
  urlCached: '오프라인용으로 캐시됨({{size}}): 네트워크 없이 불러옵니다.',
  urlNotCached: '캐시 안 됨: 처음 불러오기에 성공하면 내려받아 오프라인용으로 보관합니다.',
  tiny: '작은 무작위 테스트 모델 만들기',
  seed: '시드 (Seed)',
  tinyNote:
    '브라우저에서 만드는 약 0.5 MB의 무작위 가중치입니다. 출력 텍스트는 의도적으로 무의미합니다. 어디서나 실제 추론 경로(불러오기, 토큰화, 디코딩, 문법으로 제약한 도구 호출)를 실행해 보기 위한 모델입니다.',
  tinySource: '작은 무작위 테스트 모델',
  tinySourceSeed: '작은 무작위 테스트 모델 (시드 {{seed}})',
  cache: {
    label: '오프라인 GGUF 캐시',
    title: '오프라인용으로 캐시됨',
    unavailable: '이 페이지에는 Cache Storage가 없어(https나 localhost 필요) URL로 불러온 모델을 보관하지 않습니다.',
    reading: '캐시 읽는 중…',
    empty: '캐시된 GGUF 파일이 없습니다. URL에서 불러온 모델은 오프라인용으로 여기에 보관됩니다.',
    listLabel: '캐시된 GGUF 모델',
    load: '불러오기',
    delete: '캐시에서 삭제',
    readFailed: '오프라인 캐시를 읽지 못했습니다: {{detail}}',
    deleteFailed: '오프라인 캐시에서 삭제하지 못했습니다: {{detail}}',
  },
  options: {
    title: '옵션',
    threads: '스레드',
    isolated: '교차 출처 격리됨: 최대 {{max}}개, 이 기기에서는 {{recommended}}개를 권장합니다.',
    oneThread:
      '스레드 하나: 더 쓰려면 교차 출처 격리(cross-origin isolated) 페이지가 필요합니다(코어가 적으면 거의 도움이 안 됩니다).',
    context: '컨텍스트 (토큰)',
    offload: 'WebGPU로 레이어 오프로드 (llama.cpp의 WebGPU 백엔드)',
    offloadNone: 'WebGPU로 레이어 오프로드 (이 브라우저에는 WebGPU가 없음)',
  },
  phase: {
    generating: '작은 모델 만드는 중',
    reading: '읽는 중',
    downloading: '내려받는 중',
    checking: 'GGUF 헤더 확인 중',
    loading: 'llama.cpp에 불러오는 중',
    caching: '오프라인용으로 저장 중',
  },
  progress: {
    label: '불러오기 진행 상황',
    line: '{{phase}}: {{source}}',
    bytes: ' · {{loaded}}',
    bytesOf: ' · {{total}} 중 {{loaded}}',
    bar: '모델 불러오기 진행률',
    cancel: '불러오기 취소',
  },
  backendLine: {
    webgpu: 'wllama · WebGPU (레이어 {{layers}}/{{total}}개) · {{threads}}',
    cpu: 'wllama · CPU wasm · {{threads}}',
    cpuUnavailable: 'wllama · CPU wasm · {{threads}} (WebGPU 사용 불가)',
    cpuNotUsed: 'wllama · CPU wasm · {{threads}} (WebGPU 사용 안 함)',
    threads_one: '스레드 {{count}}개',
    threads_other: '스레드 {{count}}개',
  },
  ready: {
    label: '불러온 모델',
    line: '준비됨: {{source}}',
    nonsense: '작은 무작위 테스트 모델: 출력 텍스트는 의도적으로 무의미합니다.',
    backend: '백엔드',
    model: '모델',
    unnamed: '이름 없음',
    size: '크기',
    sizeValue: '파일 {{file}} · 메모리 약 {{memory}}',
    context: '컨텍스트',
    contextValue: '{{tokens}} 토큰',
    contextTrained: '{{tokens}} 토큰 (학습 시 {{trained}})',
    loadTime: '불러온 시간',
    offline: '오프라인',
    log: 'llama.cpp 로그 ({{count}})',
    unload: '내리기',
  },
  cacheOutcome: {
    hit: '오프라인 캐시에서 불러옴({{size}}), 내려받지 않음',
    stored: '내려받아 오프라인용으로 저장함({{size}})',
    'not-stored': '내려받았지만 오프라인용으로 저장하지 못함: {{reason}}',
  },
  note: {
    cancelled: '불러오기를 취소했습니다.',
    unloaded: '모델을 내렸습니다.',
  },
  readiness: {
    loading: 'CPU 모델을 아직 불러오는 중입니다.',
    failed: 'CPU 모델을 불러오지 못했습니다: {{message}}',
    none: '먼저 모델 패널에서 GGUF 모델을 불러오거나 작은 무작위 테스트 모델을 만드세요.',
  },
  failure: {
    empty: '빈 파일입니다. GGUF 모델 파일은 "GGUF"로 시작합니다.',
    notGguf: 'GGUF 모델 파일이 아닙니다. 이 파일은 "{{start}}"(으)로 시작하지만 GGUF 파일은 "GGUF"로 시작합니다.',
    unsupportedVersion: '이 GGUF 파일의 버전은 {{version}}입니다. llama.cpp는 버전 2와 3만 읽습니다.',
    truncatedHeader: '이 GGUF 파일은 잘려 있습니다. 헤더 도중에 끝납니다. 다시 내려받으세요.',
    truncatedData:
      '이 GGUF 파일은 잘려 있습니다. 헤더는 {{described}}의 데이터를 설명하지만 파일은 {{file}}뿐입니다. 내려받기가 중간에 끊긴 것 같으니 다시 내려받으세요.',
    tooLarge:
      '이 모델은 메모리에 비해 너무 큽니다. 약 {{needs}}가 필요하지만(가중치 {{weights}}, {{nCtx}} 토큰의 컨텍스트 캐시 {{kvCache}}) {{budget}}은(는) {{allows}}까지만 허용합니다. 더 작거나 더 양자화된 모델을 고르세요(예: 0.5B–1.5B Q4 GGUF).',
    tooLargeFile:
      '이 모델은 메모리에 비해 너무 큽니다. 파일만 {{file}}인데 {{budget}}은(는) {{allows}}까지만 허용합니다. 더 작거나 더 양자화된 모델을 고르세요.',
    tooLargeStream: '이 모델은 메모리에 비해 너무 큽니다: {{allows}} 초과 ({{budget}}).',
    budgetDevice: '이 기기(RAM 약 {{gb}} GB)',
    budgetWasm: 'wllama의 WebAssembly 메모리 한도',
    noArchitecture:
      '이 GGUF 파일에는 모델 아키텍처(general.architecture)가 없어 llama.cpp가 불러올 수 없습니다. 파일이 불완전하거나 잘못 변환되었습니다. 다른 출처에서 모델을 받으세요.',
    missingHyperparameters_one:
      '이 GGUF 파일에는 llama.cpp가 모델을 만드는 데 필요한 하이퍼파라미터가 없습니다: {{keys}}. 파일이 불완전하거나 변환 도구가 빠뜨렸습니다. 다른 출처에서 모델을 받으세요.',
    missingHyperparameters_other:
      '이 GGUF 파일에는 llama.cpp가 모델을 만드는 데 필요한 하이퍼파라미터가 없습니다: {{keys}}. 파일이 불완전하거나 변환 도구가 빠뜨렸습니다. 다른 출처에서 모델을 받으세요.',
    notUrl: '"{{url}}"은(는) URL이 아닙니다.',
    httpStatus: '내려받기에 실패했습니다: 서버가 {{status}} {{statusText}}(으)로 응답했습니다.',
    offline:
      '내려받기에 실패했습니다: 이 브라우저는 오프라인입니다. 네트워크에 연결하거나 디스크에서 파일을 불러오세요(오프라인 캐시에 있는 URL은 네트워크 없이 불러옵니다).',
    cors: '내려받기에 실패했습니다: {{host}}이(가) 응답했지만 이 페이지가 파일을 읽도록 허용하지 않습니다(CORS: Access-Control-Allow-Origin을 보내지 않음). 파일을 내려받아 “GGUF 파일”에서 고르거나, 허용하는 호스트(Hugging Face 등)를 쓰세요.',
    unreachable: '내려받기에 실패했습니다: {{host}}에 연결할 수 없습니다({{detail}}). URL과 연결 상태를 확인하세요.',
    interrupted: '내려받기가 중단되었습니다: {{detail}}.',
    library: 'wllama 라이브러리를 불러오지 못했습니다: {{detail}}',
    failed: '불러오기에 실패했습니다: {{detail}}',
  },
  recommended: {
    title: '추천 실제 모델',
    intro:
      'ChatML 형식의 작은 채팅 모델로, 각각 Hugging Face의 GGUF 파일 하나입니다(이 페이지에서 내려받기가 허용됨). 크기는 대략이며, 처음 불러온 뒤에는 오프라인용으로 보관됩니다.',
    facts: '{{size}} · {{licence}}',
    page: '모델 카드',
    load: '불러오기({{size}})',
    loadCached: '불러오기(캐시됨)',
    loadOf: '{{action}} · {{name}}',
    offline: '오프라인: 내려받으려면 네트워크에 연결하세요.',
    expect: {
      'fast-basic':
        '가장 빠름: 노트북 CPU에서 몇 초 만에 답하고 간단한 도구 호출을 합니다. 도구가 많으면 자주 잘못 고릅니다.',
      reasoning:
        '답하기 전에 <think> 블록에서 추론하므로 턴이 길어집니다. 도구 선택이 더 낫고, 프롬프트 탭에서 이전 추론이 빠지는 모습을 볼 수 있습니다.',
      balanced: '더 느리지만(토큰당 0.5B의 약 두 배) 여러 단계의 도구 사용을 훨씬 안정적으로 따라갑니다.',
    },
  },
};
