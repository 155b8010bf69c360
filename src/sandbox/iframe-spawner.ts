/**
 * The browser's outer wall around the sandbox worker: a hidden `<iframe sandbox="allow-scripts">` (an opaque
 * origin, so even code that got past the worker's hardening cannot open the app's IndexedDB or read its
 * storage) whose Content-Security-Policy blocks every connection unless the tool is granted network. The
 * iframe creates the worker from a blob of `sandboxWorkerMain`'s source, relays one reply, and kills the
 * worker at the time limit; the host removes the whole iframe afterwards (which also ends the worker).
 * The page talks to the iframe only through a private MessageChannel.
 */
import type { SandboxReply } from './protocol';
import type { SandboxChannel, Spawner, SpawnOptions } from './host';
import { sandboxWorkerMain } from './worker-main';

const WORKER_SOURCE = `(${String(sandboxWorkerMain)})(self);`;

function csp(allowNetwork: boolean): string {
  const connect = allowNetwork ? 'connect-src * data: blob: ws: wss:' : "connect-src 'none'";
  return [
    "default-src 'none'",
    // The relay is inline; the worker is a blob and compiles the tool code with the Function constructor.
    "script-src 'unsafe-inline' 'unsafe-eval' blob:",
    'worker-src blob:',
    connect,
  ].join('; ');
}

/** The relay, run inside the iframe. Self-contained: shipped as source text. */
function relayMain(): void {
  addEventListener('message', function onInit(event: MessageEvent) {
    const port = event.ports[0];
    if (!port || (event.data as { type?: unknown })?.type !== 'init') return;
    removeEventListener('message', onInit);
    const init = event.data as { workerSource: string; timeoutMs: number };
    let worker: Worker;
    try {
      const url = URL.createObjectURL(new Blob([init.workerSource], { type: 'text/javascript' }));
      worker = new Worker(url);
    } catch (error) {
      port.postMessage({ type: 'crashed', message: `could not start the worker (${String(error)})` });
      return;
    }
    let timer = 0;
    worker.onmessage = (e) => {
      clearTimeout(timer);
      worker.terminate();
      port.postMessage(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(timer);
      worker.terminate();
      port.postMessage({ type: 'crashed', message: e.message || 'the worker failed' });
    };
    port.onmessage = (e) => {
      timer = setTimeout(() => {
        worker.terminate();
        port.postMessage({ type: 'timeout' });
      }, init.timeoutMs) as unknown as number;
      worker.postMessage(e.data);
    };
  });
}

function srcdoc(allowNetwork: boolean): string {
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${csp(allowNetwork)}"><script>(${String(relayMain)})();</script></head><body></body></html>`;
}

export interface IframeSpawnerOptions {
  /** Where the hidden iframes go; `document.body` by default. */
  readonly container?: () => HTMLElement;
}

export function createIframeSpawner(spawnerOptions: IframeSpawnerOptions = {}): Spawner {
  return (options: SpawnOptions): SandboxChannel => {
    const iframe = document.createElement('iframe');
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.setAttribute('tabindex', '-1');
    iframe.title = 'Tool sandbox';
    iframe.className = 'tool-sandbox-frame';
    iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    iframe.srcdoc = srcdoc(options.allowNetwork);
    const channel = new MessageChannel();
    let pending: unknown = null;
    let ready = false;
    let dead = false;
    channel.port1.onmessage = (event) => {
      if (!dead) options.onReply(event.data as SandboxReply);
    };
    iframe.addEventListener('load', () => {
      if (dead) return;
      const target = iframe.contentWindow;
      if (!target) return options.onCrash('the sandbox frame did not load');
      target.postMessage({ type: 'init', workerSource: WORKER_SOURCE, timeoutMs: options.timeoutMs }, '*', [
        channel.port2,
      ]);
      ready = true;
      if (pending !== null) channel.port1.postMessage(pending);
    });
    (spawnerOptions.container?.() ?? document.body).appendChild(iframe);
    return {
      send(message) {
        if (ready) channel.port1.postMessage(message);
        else pending = message;
      },
      kill() {
        dead = true;
        channel.port1.close();
        iframe.remove();
      },
    };
  };
}
