import { describe, expect, it } from 'vitest';
import { parseRunFile } from '../run-file/format';
import { importUserTools } from './file-format';
import { describeNonJson, jsonKind } from './file-kind';
import { NOTICES } from '../loop/notices';

/** Bytes as `File.text()` hands them over: decoded as UTF-8, invalid sequences replaced. */
const asText = (bytes: number[]) => new TextDecoder().decode(new Uint8Array(bytes));
const PNG = asText([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
const JPEG = asText([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

describe('what a file is', () => {
  it.each([
    ['a PNG', PNG, 'a PNG image, not JSON'],
    ['a JPEG', JPEG, 'a JPEG image (or another binary file), not JSON'],
    ['a PDF', '%PDF-1.7\n%âãÏÓ\n1 0 obj', 'a PDF document, not JSON'],
    ['a ZIP', 'PK\u0003\u0004\u0014\u0000', 'a ZIP archive (or an Office document), not JSON'],
    ['a GGUF', 'GGUF\u0003\u0000\u0000\u0000', 'a GGUF model file, not JSON'],
    ['a web page', '<!doctype html><p>hi</p>', 'a web page or XML document, not JSON'],
    ['text', 'Shopping list\nmilk', 'a text file, not JSON (it starts with "Shopping list")'],
    ['binary noise', asText(Array.from({ length: 200 }, (_, i) => (i * 37) % 256)), 'a binary file, not JSON'],
  ])('names %s', (_label, text, kind) => {
    expect(describeNonJson(text)).toBe(kind);
  });

  it('lets JSON through, even when cut off (the parser then says so)', () => {
    expect(describeNonJson('  {"format": "tool-loop')).toBeNull();
    expect(describeNonJson('\uFEFF[1, 2]')).toBeNull();
  });

  it('recognises the JSON documents of the app and of MCP', () => {
    expect(jsonKind({ format: 'tool-loop-playground/run', version: 1 })).toBe('run-file');
    expect(jsonKind({ format: 'tool-loop-playground/user-tools', version: 1, tools: [] })).toBe('tools-file');
    expect(jsonKind({ jsonrpc: '2.0', id: 1, result: { tools: [] } })).toBe('mcp-tools-list');
    expect(jsonKind([{ name: 'x', inputSchema: { type: 'object' } }])).toBe('mcp-tools-list');
    expect(jsonKind({ hello: 1 })).toBe('other');
  });
});

describe('imports say what the file is', () => {
  it('a run import names a PNG, a text file, a tools file and an MCP list instead of calling them truncated', () => {
    const error = (text: string) => {
      const result = parseRunFile(text);
      return result.ok ? 'imported' : NOTICES.english(result.error);
    };
    expect(error(PNG)).toBe(
      'This is a PNG image, not JSON. A run file is the JSON document that "Export run" writes (a .tlp-run.json file).',
    );
    expect(error('Just some notes.\n')).toMatch(
      /^This is a text file, not JSON \(it starts with "Just some notes\."\)/,
    );
    expect(error('{"format":"tool-loop-playground/user-tools","version":1,"tools":[]}')).toMatch(
      /^This is a Tool Loop Playground tools file, not a run file: import it under My tools/,
    );
    expect(error('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}')).toMatch(/^This is an MCP tools\/list result/);
    expect(error('[{"name":"x","inputSchema":{"type":"object"}}]')).toMatch(/^This is an MCP tools\/list result/);
    expect(error('{"format":"tool-loop-playground/run","version":"one"}')).toBe(
      'This run file has no version number (found "one").',
    );
    expect(error('{"format":"tool-loop-playground/run","version":1,"run":{')).toMatch(/cut off \(truncated\)/);
  });

  it('a tools import names a PNG, a run file and an MCP list', () => {
    const error = (text: string) => {
      const result = importUserTools(text);
      return result.ok ? 'imported' : result.error;
    };
    expect(error(PNG)).toMatch(
      /^This is a PNG image, not JSON\. A tools file is the JSON document that "Export tools"/,
    );
    expect(error('{"format":"tool-loop-playground/run","version":1}')).toMatch(/^This is a run file, not a tools file/);
    expect(error('{"tools":[{"name":"x","inputSchema":{"type":"object"}}]}')).toMatch(/^This is an MCP tools\/list/);
    expect(error('')).toBe('The file is empty.');
  });
});
