/**
 * The studio's engine-made messages in the page's language: a refusal's problems (engine/user-tools/problems.ts)
 * worded from the studio catalog, and zod's issues worded by zod's own locale for the page's language. Only what
 * the page shows: what the model receives is worded by the tools' language, never here.
 */
import type { z } from 'zod';
import { ko } from 'zod/locales';
import type { StudioNotice, StudioProblem, StudioProblems } from '../../engine';
import { once, problemText } from '../../engine';
import { useT, wordMessage } from '../../i18n';

/** zod's error map for `language` (zod's locale), or undefined for zod's own English. */
export function zodErrorMap(language: string): z.core.$ZodErrorMap | undefined {
  return language === 'ko' ? koreanIssues() : undefined;
}

const koreanIssues: () => z.core.$ZodErrorMap = once(() => ko().localeError);

/** The validation options that word zod's issues in the page's language (pass to a `Validator`). */
export function useZodIssueWords(): { readonly error?: z.core.$ZodErrorMap } {
  const { i18n } = useT('studio');
  const error = zodErrorMap(i18n.language);
  return error ? { error } : {};
}

/**
 * Words a refused check for the page: its problems in the page's language, one per line (a `quoted` problem, zod's
 * or the JavaScript engine's own message, as it came).
 */
export function useFailureText(): (failure: { readonly ok: false; readonly error: StudioProblems }) => string {
  const words = useProblemWords();
  return (failure) => failure.error.map(words).join('\n');
}

/** Words a studio notice in the page's language. */
export function useStudioNoticeText(): (notice: StudioNotice) => string {
  const { t } = useT('studio');
  return (notice) => notice.parts.map((part) => wordMessage(t, 'notice', part)).join(' ');
}

/** Words one problem in the page's language. */
export function useProblemWords(): (problem: StudioProblem) => string {
  const { t } = useT('studio');
  return (problem) =>
    problemText(problem, (code, values) =>
      wordMessage(t, 'problem', {
        code,
        values: {
          ...values,
          ...(code === 'toolNameClash' && values.source ? { source: sourceName(t, values.source) } : {}),
        },
      }),
    );
}

function sourceName(t: ReturnType<typeof useT<'studio'>>['t'], source: string): string {
  return source === 'preset' || source === 'user' || source === 'MCP' ? t(`source.${source}`) : source;
}
