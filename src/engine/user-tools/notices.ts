/**
 * The tool studio's notices (saved, deleted, imported, why not), as data: a code of the table below and its values,
 * in the app's one notice shape (`CodedNotice`). The page words them through the studio catalog's
 * `notice.<code>`, which is this table's English. An `error` or `reason` value is the failing part's own message.
 */
import { defineMessages, type CodedNotice, type MessageValues } from '../coded';

export const STUDIO_NOTICES = defineMessages({
  storageFailed: 'Could not open the tool storage: {{error}}',
  noPreset: 'There is no preset named "{{name}}".',
  notSaved: 'Not saved: {{reason}}',
  saveFailed: 'Could not save {{name}}: {{error}}',
  saved: 'Saved {{name}}.',
  deleted: 'Deleted {{name}}.',
  deletedUnnamed: 'Deleted the tool.',
  deleteFailed: 'Could not delete: {{error}}',
  mcpImported: { one: 'Imported {{count}} MCP tool.', other: 'Imported {{count}} MCP tools.' },
  mcpImportedSkipped: {
    one: 'Imported {{count}} MCP tool. {{skipped}} skipped.',
    other: 'Imported {{count}} MCP tools. {{skipped}} skipped.',
  },
  importFailed: 'Import failed: {{error}}',
  importSaveFailed: 'Could not save the imported tools: {{error}}',
  imported: { one: 'Imported {{count}} tool.', other: 'Imported {{count}} tools.' },
  importedSkipped: {
    one: 'Imported {{count}} tool. {{skipped}} skipped (see below).',
    other: 'Imported {{count}} tools. {{skipped}} skipped (see below).',
  },
  declined: 'The tools file was not imported; none of its code ran.',
});

export type StudioNoticeCode = (typeof STUDIO_NOTICES.codes)[number];

/** A studio notice: one sentence of the table above. */
export type StudioNotice = CodedNotice<StudioNoticeCode>;

/** A studio notice of `code` with its values. */
export function studioNotice(kind: StudioNotice['kind'], code: StudioNoticeCode, values?: MessageValues): StudioNotice {
  return { kind, parts: [STUDIO_NOTICES.coded(code, values)] };
}

/** A studio notice's English. */
export function studioNoticeEnglish(notice: StudioNotice): string {
  return notice.parts.map(STUDIO_NOTICES.english).join(' ');
}
