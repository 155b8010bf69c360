import { describe, expect, it } from 'vitest';
import type { EndpointProblem, ProblemContext } from './connection';
import {
  classifyHttpError,
  describeProblem,
  errorMessageOf,
  isPrivateHost,
  normalizeBaseUrl,
  parseModelList,
  staticProblem,
} from './connection';
import { detectServer } from './server-kinds';

describe('normalizeBaseUrl', () => {
  it('adds /v1 to a bare host, keeps a path as written, drops trailing slashes', () => {
    expect(normalizeBaseUrl('http://localhost:11434')).toEqual({ ok: true, value: 'http://localhost:11434/v1' });
    expect(normalizeBaseUrl('localhost:8080/')).toEqual({ ok: true, value: 'http://localhost:8080/v1' });
    expect(normalizeBaseUrl(' https://api.example.com/openai/v1/ ')).toEqual({
      ok: true,
      value: 'https://api.example.com/openai/v1',
    });
  });

  it('refuses what is not an http(s) base URL, saying why', () => {
    expect(normalizeBaseUrl('')).toMatchObject({ ok: false, error: { kind: 'bad-url' } });
    expect(normalizeBaseUrl('ftp://host/v1')).toMatchObject({ ok: false, error: { kind: 'bad-url' } });
    expect(normalizeBaseUrl('http://host/v1?x=1')).toMatchObject({ ok: false, error: { kind: 'bad-url' } });
    expect(normalizeBaseUrl('http://exa mple')).toMatchObject({ ok: false, error: { kind: 'bad-url' } });
  });
});

describe('where the page and the server are', () => {
  it('knows private and loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]', '10.1.2.3', '172.20.0.5', '192.168.1.9', 'box.local'])
      expect(isPrivateHost(host), host).toBe(true);
    for (const host of ['example.com', '8.8.8.8', '172.32.0.1', 'ollama.example.org'])
      expect(isPrivateHost(host), host).toBe(false);
  });

  it('an https page calling plain http elsewhere is mixed content; loopback is exempt', () => {
    expect(staticProblem('https://app.example.com', 'http://192.168.1.9:11434/v1')).toEqual({ kind: 'mixed-content' });
    expect(staticProblem('https://app.example.com', 'http://127.0.0.1:11434/v1')).toBeNull();
    expect(staticProblem('http://127.0.0.1:5173', 'http://192.168.1.9:11434/v1')).toBeNull();
  });
});

describe('classifyHttpError', () => {
  it('reads every server’s error body shape', () => {
    expect(errorMessageOf('{"error":{"message":"Invalid API key","type":"invalid_request_error"}}')).toBe(
      'Invalid API key',
    );
    expect(errorMessageOf('{"error":"model \\"llama9\\" not found, try pulling it first"}')).toBe(
      'model "llama9" not found, try pulling it first',
    );
    expect(errorMessageOf('{"object":"error","message":"The model `x` does not exist.","code":404}')).toBe(
      'The model `x` does not exist.',
    );
    expect(errorMessageOf('{"detail":"Not Found"}')).toBe('Not Found');
    expect(errorMessageOf('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
  });

  it('maps statuses to causes', () => {
    expect(classifyHttpError(401, '{"error":{"message":"Invalid API Key"}}', null, 'chat')).toEqual({
      kind: 'unauthorized',
      status: 401,
      serverMessage: 'Invalid API Key',
    });
    expect(classifyHttpError(404, '{"error":"model \\"x\\" not found"}', null, 'chat')).toMatchObject({
      kind: 'not-found',
      what: 'model',
    });
    expect(classifyHttpError(404, '404 page not found', null, 'models')).toMatchObject({
      kind: 'not-found',
      what: 'endpoint',
    });
    expect(classifyHttpError(429, '', '20', 'chat')).toEqual({
      kind: 'rate-limited',
      retryAfterS: 20,
      serverMessage: '',
    });
    expect(classifyHttpError(503, '{"error":{"code":503,"message":"Loading model"}}', null, 'chat')).toEqual({
      kind: 'server-error',
      status: 503,
      serverMessage: 'Loading model',
    });
    expect(classifyHttpError(400, '{"error":{"message":"bad grammar"}}', null, 'chat')).toMatchObject({
      kind: 'bad-request',
      status: 400,
    });
  });
});

describe('describeProblem', () => {
  const ctx: ProblemContext = {
    pageOrigin: 'http://127.0.0.1:5173',
    baseUrl: 'http://127.0.0.1:11434/v1',
    server: 'ollama',
    model: 'qwen3:1.7b',
    action: 'GET /models',
  };

  it('gives CORS refused the fix for each server, with this page’s origin', () => {
    const fixes = (server: ProblemContext['server']) =>
      describeProblem({ kind: 'cors' }, { ...ctx, server }).fix.join('\n');
    expect(fixes('ollama')).toContain('OLLAMA_ORIGINS=http://127.0.0.1:5173 ollama serve');
    expect(fixes('lm-studio')).toContain('Enable CORS');
    expect(fixes('vllm')).toContain(`--allowed-origins '["http://127.0.0.1:5173"]'`);
    expect(fixes('llama.cpp')).toContain('--cors-origins http://127.0.0.1:5173');
    expect(fixes('other')).toContain('Access-Control-Allow-Origin: http://127.0.0.1:5173');
  });

  it('words every problem with a title and a message', () => {
    const problems: EndpointProblem[] = [
      { kind: 'bad-url', detail: 'x' },
      { kind: 'mixed-content' },
      { kind: 'unreachable' },
      { kind: 'cors' },
      { kind: 'private-network' },
      { kind: 'unauthorized', status: 401, serverMessage: '' },
      { kind: 'unauthorized', status: 403, serverMessage: 'no' },
      { kind: 'not-found', what: 'model', serverMessage: '' },
      { kind: 'not-found', what: 'endpoint', serverMessage: '' },
      { kind: 'rate-limited', retryAfterS: null, serverMessage: '' },
      { kind: 'bad-request', status: 422, serverMessage: 'x' },
      { kind: 'server-error', status: 500, serverMessage: 'boom' },
      { kind: 'timeout', seconds: 30 },
      { kind: 'bad-response', detail: 'no data' },
    ];
    for (const p of problems) {
      const d = describeProblem(p, ctx);
      expect(d.title, p.kind).not.toBe('');
      expect(d.message, p.kind).not.toBe('');
    }
    expect(describeProblem({ kind: 'not-found', what: 'model', serverMessage: '' }, ctx).message).toContain(
      'qwen3:1.7b',
    );
    expect(describeProblem({ kind: 'timeout', seconds: 30 }, ctx).message).toContain('30 s');
    expect(describeProblem({ kind: 'private-network' }, ctx).message).toContain('Access-Control-Allow-Private-Network');
  });
});

describe('the model list', () => {
  it('reads the OpenAI list and detects the server from owned_by, or from the port', () => {
    const llama = parseModelList('{"object":"list","data":[{"id":"tiny","object":"model","owned_by":"llamacpp"}]}');
    expect(llama).toEqual({ ok: true, value: [{ id: 'tiny', ownedBy: 'llamacpp' }] });
    expect(detectServer(['llamacpp'], 'http://h:9/v1')).toBe('llama.cpp');
    expect(detectServer(['vllm'], 'http://h:9/v1')).toBe('vllm');
    expect(detectServer(['library'], 'http://h:9/v1')).toBe('ollama');
    expect(detectServer(['organization_owner'], 'http://h:9/v1')).toBe('lm-studio');
    expect(detectServer(['someone'], 'http://h:11434/v1')).toBe('ollama');
    expect(detectServer(['someone'], 'http://h:9/v1')).toBeNull();
  });

  it('says what is wrong with an answer that is not a model list', () => {
    expect(parseModelList('<html>')).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
    expect(parseModelList('{"models":null}')).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
  });
});
