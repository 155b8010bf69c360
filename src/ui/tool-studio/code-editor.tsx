/**
 * CodeMirror 6 editors: JavaScript for tool code (syntax errors marked as the person types) and JSON for
 * schemas. The document is owned by CodeMirror; `value` only resets it when it changes from outside
 * (another tool opened), so typing never fights React.
 */
import { javascript } from '@codemirror/lang-javascript';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface CodeEditorProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly language: 'javascript' | 'json';
  /** The accessible name of the editing surface. */
  readonly label: string;
  readonly testId?: string;
}

export function CodeEditor({ value, onChange, language, label, testId }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        basicSetup,
        language === 'javascript'
          ? [javascript(), linter(lintToolCode, { delay: 300 })]
          : [json(), linter(jsonParseLinter(), { delay: 300 })],
        lintGutter(),
        // An explicit tabindex: the editable content is the scroller's keyboard entry point (axe checks for one).
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    const editor = new EditorView({ state, parent: host.current! });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once per language; `value` changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, label]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div className="tool-studio-code" ref={host} data-testid={testId} />;
}

type AsyncFunctionConstructor = new (...params: string[]) => unknown;
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as AsyncFunctionConstructor;

/**
 * Marks syntax errors: the parser's error nodes give the place, the JavaScript engine's compiler gives the
 * message. Compiling only parses — the code is never called on the page; it runs in the sandbox.
 */
export function lintToolCode(view: EditorView): Diagnostic[] {
  const code = view.state.doc.toString();
  const message = compileError(code);
  if (message === null) return [];
  const places: number[] = [];
  syntaxTree(view.state).iterate({
    enter: (node) => {
      if (node.type.isError) places.push(node.from);
    },
  });
  const from = places[0] ?? 0;
  const to = Math.min(code.length, places.length > 0 ? from + 1 : view.state.doc.line(1).to);
  return [{ from, to: Math.max(from, to), severity: 'error', message }];
}

/** The compiler's complaint about the code as a tool body, or null when it compiles. */
export function compileError(code: string): string | null {
  try {
    new AsyncFunction('args', 'console', `"use strict";\n${code}`);
    return null;
  } catch (error) {
    if (error instanceof SyntaxError) return `SyntaxError: ${error.message}`;
    return null; // e.g. a CSP that forbids compiling here: the sandbox will still report it
  }
}
