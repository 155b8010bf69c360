import type { Catalog } from '../../catalog';

export const runtimes: Catalog['runtimes'] = {
  model: '모델',
  band: '모델 · {{runtime}}',
  label: {
    scripted: '스크립트 재생 (Scripted replay)',
    human: '내가 모델 (You are the model)',
    webllm: 'WebLLM (WebGPU)',
    wllama: 'CPU (wllama, GGUF)',
    endpoint: 'OpenAI 호환 엔드포인트',
  },
  short: {
    scripted: '스크립트 재생',
    human: '내가 모델',
    webllm: 'WebLLM',
    wllama: 'CPU',
    endpoint: '엔드포인트',
  },
  withModel: '{{runtime}} · {{model}}',
  tinyModelLabel: 'CPU · 작은 무작위 테스트 모델',
  requirement: {
    scripted: '필요 없음: 시나리오에 녹화된 턴을 어떤 브라우저에서든 재생합니다. GPU도, 다운로드도 필요 없습니다.',
    human: '필요 없음: 어시스턴트 턴(텍스트나 도구 호출, 종료 이유)을 직접 씁니다.',
    webllm: 'WebGPU 브라우저 (Chrome/Edge 113+). 처음 한 번 0.3–2.5 GB를 내려받고, 그 뒤로는 오프라인에서 동작',
    wllama:
      'Chrome 또는 Edge 137+ (GPU 불필요): GGUF 모델 파일이나 URL, 또는 내장된 작은 무작위 테스트 모델 (무의미한 텍스트).',
    endpoint: '실행 중인 서버: Ollama, LM Studio, llama.cpp의 llama-server, vLLM 또는 호스팅 API (URL과 모델).',
  },
  scriptedPanel:
    '스크립트 재생은 시나리오에 녹화된 어시스턴트 턴을 실제 모델과 같은 텍스트 프로토콜로 재생합니다. 원본 텍스트가 토큰 단위로 스트리밍되고, 하네스가 그 안에서 도구 호출을 파싱해 종료 이유를 판정합니다. 입력한 메시지는 읽지 않습니다. 일시 정지에서 인자나 결과를 고쳐 그 영향이 흐르는 것을 지켜보세요.',
};
