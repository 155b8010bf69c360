/** Offline readiness per runtime (the footer). */
export const offline = {
  runtimesReady: 'Ready offline: {{list}}',
  runtimesNotYet: 'not yet: {{list}} (use once online to cache)',
  alwaysReady: 'scripted replay, You are the model',
  webllm: 'WebLLM',
  wllama: 'CPU (wllama)',
  panelLoading: 'Loading the panel…',
};
