/**
 * A server-sent events parser (the WHATWG `text/event-stream` rules) fed with decoded text as it arrives, in
 * pieces cut anywhere — inside a line, inside a `\r\n`. Lines end with `\n`, `\r\n` or `\r`; `data:` lines
 * accumulate (joined by `\n`) until a blank line dispatches the event; `:` lines are comments (llama.cpp's
 * keep-alive pings); `event:` and `id:` are kept; unknown fields are ignored. Pure: no fetch, no DOM.
 */

export interface SseEvent {
  /** The `event:` field; absent for the default "message" event. */
  readonly event?: string;
  readonly data: string;
  readonly id?: string;
}

export class SseParser {
  private buffer = '';
  /** A `\r` ended the last piece: a `\n` starting the next one belongs to it. */
  private pendingCr = false;
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;
  private started = false;

  /** Feeds a piece of decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    let input = text;
    if (this.pendingCr && input.startsWith('\n')) input = input.slice(1);
    this.pendingCr = false;
    if (!this.started) {
      // A byte-order mark may open the stream (the spec strips one).
      input = input.replace(/^\uFEFF/, '');
      if (input !== '') this.started = true;
    }
    this.buffer += input;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone `\r` at the very end may be the first half of `\r\n`: take the line, remember the `\r`.
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (match[0] === '\r' && this.buffer === '') this.pendingCr = true;
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /**
   * The stream ended. The spec drops an event that no blank line closed; servers that omit the last blank line
   * exist, so a complete trailing `data:` line is still returned (marked by the caller's own accounting).
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer !== '') {
      const event = this.line(this.buffer);
      this.buffer = '';
      if (event) events.push(event);
    }
    const last = this.dispatch();
    if (last) events.push(last);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      default:
        // `retry` and unknown fields carry nothing a chat completion needs.
        break;
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = undefined;
    if (data.length === 0) return null;
    return {
      data: data.join('\n'),
      ...(event !== undefined && event !== '' ? { event } : {}),
      ...(this.id !== undefined ? { id: this.id } : {}),
    };
  }
}
